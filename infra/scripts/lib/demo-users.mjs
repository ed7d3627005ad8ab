// The demo sign-ins come from the API's own seed definition, so the printout cannot drift from it.
import { tsImport } from 'tsx/esm/api';

export async function printDemoUsers() {
  const { demoUsers } = await tsImport('infra-api/demo-users', import.meta.url);
  console.log('Demo sign-ins (e-mail / password):');
  for (const u of demoUsers) console.log(`  ${u.email.padEnd(26)} ${u.password.padEnd(14)} ${u.description}`);
}
