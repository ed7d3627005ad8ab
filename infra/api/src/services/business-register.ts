import type { BusinessValidateRequest, BusinessValidateResponse } from 'shared-kernel/schemas';
import { validateIsikukood } from 'shared-kernel/domain';
import { format, messages } from 'shared-kernel/messages';

/** The company register check of business sign-up; production would call the e-Business Register. */
export interface BusinessRegister {
  validate(request: BusinessValidateRequest): Promise<BusinessValidateResponse>;
}

const W1 = [1, 2, 3, 4, 5, 6, 7];
const W2 = [3, 4, 5, 6, 7, 8, 9];

/** Estonian registry codes carry a mod-11 check digit with the same two-pass scheme as isikukood. */
export function isValidRegistryCode(code: string): boolean {
  if (!/^[1789]\d{7}$/.test(code)) return false;
  const digits = [...code.slice(0, 7)].map(Number);
  const pass = (w: number[]) => digits.reduce((acc, d, i) => acc + d * w[i], 0) % 11;
  let check = pass(W1);
  if (check === 10) check = pass(W2);
  if (check === 10) check = 0;
  return check === Number(code[7]);
}

/**
 * Sandbox register: a company is "found" when its registry code is well-formed (8 digits, first
 * 1/7/8/9, valid check digit) and the representative's personal code is a valid isikukood.
 */
export class SandboxBusinessRegister implements BusinessRegister {
  async validate(request: BusinessValidateRequest): Promise<BusinessValidateResponse> {
    if (!isValidRegistryCode(request.registryCode)) {
      return { valid: false, message: format(messages.errors.registration.registryCodeInvalid, { code: request.registryCode }) };
    }
    if (!validateIsikukood(request.personalCode)) {
      return { valid: false, message: format(messages.errors.registration.representativeCodeInvalid, { code: request.personalCode }) };
    }
    return { valid: true, message: format(messages.errors.registration.companyVerified, { name: request.name, person: request.personName }) };
  }
}
