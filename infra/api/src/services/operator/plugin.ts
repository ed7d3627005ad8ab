import fp from 'fastify-plugin';
import { Payouts } from './payouts';
import { UserSuspension } from './user-suspension';

/** What the operator console does (issue 31, ADR 0045); the /admin routes translate HTTP to these calls. */
export interface OperatorService {
  users: UserSuspension;
  payouts: Payouts;
}

export const operatorService = fp(
  async (app) => {
    const service: OperatorService = {
      users: new UserSuspension(app.db, app.operatorRepository),
      payouts: new Payouts(app.db, app.payoutRepository, app.operatorRepository, app.config.payoutAccount),
    };
    app.decorate('operator', service);
  },
  { name: 'operator-service', dependencies: ['db', 'repositories'] },
);
