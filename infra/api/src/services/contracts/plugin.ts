import fp from 'fastify-plugin';
import { ContractService } from './contract-service';

/** Decorates the app with the contract service (cancel with refund, handover and return, the parties' views). */
export const contractService = fp(
  async (app) => {
    app.decorate('contractService', new ContractService(app.db, app.config.filesPublicPath));
  },
  { name: 'contract-service', dependencies: ['db'] },
);
