import fp from 'fastify-plugin';
import { Disputes } from './disputes';
import { Payouts } from './payouts';
import { UserSuspension } from './user-suspension';

/** What the operator console does (issue 31, ADR 0045); the /admin routes translate HTTP to these calls. */
export interface OperatorService {
  users: UserSuspension;
  payouts: Payouts;
  disputes: Disputes;
}

export const operatorService = fp(
  async (app) => {
    const service: OperatorService = {
      users: new UserSuspension(app.db, app.operatorRepository),
      payouts: new Payouts(app.db, app.payoutRepository, app.operatorRepository, app.config.payoutAccount),
      disputes: new Disputes(app.db, app.disputeRepository, app.operatorRepository),
    };
    app.decorate('operator', service);
  },
  { name: 'operator-service', dependencies: ['db', 'repositories'] },
);
