import { parsePemBundle } from '../src/services/identity/certificate-check';
import type { IdentitySettings } from '../src/services/identity/settings';
import { SMART_ID_QUALIFIED_POLICIES } from '../src/services/identity/smart-id-client';
import { makeCa, makePersonCert, type TestCa } from './fakes/identity-pki';
import { startMobileIdFake, type MobileIdFake } from './fakes/mobile-id-fake';
import { startSmartIdFake, type SmartIdFake } from './fakes/smart-id-fake';

export const SID_UUID = '00000000-0000-4000-8000-000000000000';
export const MID_UUID = '00000000-0000-4000-8000-000000000001';
/** SK's demo phone number for Mobile-ID. */
export const PHONE = '+37200000766';

export interface IdentityFakes {
  sid: SmartIdFake;
  mid: MobileIdFake;
  /** The CA the clients trust, and one they do not. */
  trusted: TestCa;
  stranger: TestCa;
  /** Client settings pointing at the fakes (config.identity, or each client's constructor). */
  settings: IdentitySettings;
  /** A person's authentication certificate, valid at `now`, from the trusted CA unless told. */
  cert(
    personalCode: string,
    extra?: Omit<Partial<Parameters<typeof makePersonCert>[1]>, 'personalCode'>,
    ca?: TestCa,
  ): ReturnType<typeof makePersonCert>;
  close(): Promise<void>;
}

/**
 * The Smart-ID and Mobile-ID fakes with a trusted and an untrusted CA, for the client tests and the
 * route tests alike (issue 30): both speak to the same fakes through the same settings.
 */
export async function startIdentityFakes(now: Date): Promise<IdentityFakes> {
  const [trusted, stranger, sid, mid] = await Promise.all([
    makeCa('SK test EID-Q', now),
    makeCa('Untrusted CA', now),
    startSmartIdFake({ rpUuid: SID_UUID }),
    startMobileIdFake({ rpUuid: MID_UUID }),
  ]);
  const common = { trustAnchors: parsePemBundle(trusted.pem), pollTimeoutMs: 1000, requestTimeoutMs: 5000, relyingPartyName: 'Rendime' };
  return {
    sid,
    mid,
    trusted,
    stranger,
    settings: {
      smartId: {
        ...common,
        url: sid.url,
        relyingPartyUUID: SID_UUID,
        schemeName: 'smart-id',
        requiredPolicies: SMART_ID_QUALIFIED_POLICIES,
      },
      mobileId: { ...common, url: mid.url, relyingPartyUUID: MID_UUID, requiredPolicies: [] },
    },
    cert: (personalCode, extra = {}, ca = trusted) => makePersonCert(ca, { ...extra, personalCode, now: extra.now ?? now }),
    close: async () => {
      await Promise.all([sid.close(), mid.close()]);
    },
  };
}
