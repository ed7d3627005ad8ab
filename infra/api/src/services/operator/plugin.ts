import fp from 'fastify-plugin';
import { UserSuspension } from './user-suspension';

/** What the operator console does (issue 31, ADR 0045); the /admin routes translate HTTP to these calls. */
export interface OperatorService {
  users: UserSuspension;
}

export const operatorService = fp(
  async (app) => {
    const service: OperatorService = { users: new UserSuspension(app.db, app.operatorRepository) };
    app.decorate('operator', service);
  },
  { name: 'operator-service', dependencies: ['db', 'repositories'] },
);
