import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContractExtension,
  ContractExtensionList,
  ExtensionAnswer,
  ExtensionBankLinkRequest,
  ExtensionRequest,
  IdParam,
  PaymentOrderToken,
} from 'shared-kernel/schemas';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { assertMayBook } from '../../services/availability/plan-reservation';
import type { ExtensionResult } from '../../services/extensions/extension-service';

const answer = (done: ExtensionResult) => ({ extension: done.extension, balanceCents: done.balanceCents });

/**
 * Rental extensions (issue 31): the renter asks for a new end and pays the difference; the owner
 * accepts or declines before the original end. Every step is the server's decision; the answers
 * carry what the caller may do next.
 */
export const contractExtensionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.extensionService;

  app.get(
    '/contracts/:id/extensions',
    { schema: { params: IdParam, response: responses({ 200: ContractExtensionList }) } },
    async (request) => {
      const user = requireUser(request);
      return service.list(request.params.id, user.id, app.clock.now());
    },
  );

  /** An extension is more renting: who may not book (limited, identity not verified) may not extend. */
  app.post(
    '/contracts/:id/extensions',
    { schema: { params: IdParam, body: ExtensionRequest, response: responses({ 201: ContractExtension }) } },
    async (request, reply) => {
      const user = requireUser(request);
      assertMayBook(user.roles);
      const done = await service.request(request.params.id, user.id, Date.parse(request.body.endTs), app.clock.now());
      return reply.status(201).send(done.extension);
    },
  );

  app.put(
    '/contracts/extensions/:id/accept',
    { schema: { params: IdParam, response: responses({ 200: ExtensionAnswer }) } },
    async (request) => {
      const user = requireUser(request);
      return answer(await service.accept(request.params.id, user.id, app.clock.now()));
    },
  );

  app.put(
    '/contracts/extensions/:id/decline',
    { schema: { params: IdParam, response: responses({ 200: ExtensionAnswer }) } },
    async (request) => {
      const user = requireUser(request);
      return answer(await service.decline(request.params.id, user.id, app.clock.now()));
    },
  );

  /** The renter pays an accepted extension from the balance. */
  app.put(
    '/contracts/extensions/:id/pay',
    { schema: { params: IdParam, response: responses({ 200: ExtensionAnswer }) } },
    async (request) => {
      const user = requireUser(request);
      return answer(await service.payFromBalance(request.params.id, user.id, app.clock.now()));
    },
  );

  /** The renter pays an accepted extension by bank link: the answer is the bank's page to go to. */
  app.post(
    '/contracts/extensions/:id/bank-link',
    { schema: { params: IdParam, body: ExtensionBankLinkRequest, response: responses({ 200: PaymentOrderToken }) } },
    async (request) => {
      const user = requireUser(request);
      return service.startBankLink(request.params.id, user.id, request.body.bank, app.clock.now());
    },
  );
};
