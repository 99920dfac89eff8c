import { ConfigError, loadConfig } from './config';
import { applyHeapGrowth } from './heapGrowth';
import { createLogger } from './logger';
import { DEMO_PASSWORD, DEMO_USERS, demoPasswordRefusal, seedDemo } from './seed/demo';
import { startServer } from './server';

/** `npm start`: configure, migrate, seed once, serve API + sockets + web app on one port. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  applyHeapGrowth(config.heapGrowthPercent);
  const log = createLogger(config.logLevel);
  // A stray rejection (a dependency firing a command it never awaits) must not end every student's live session.
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));
  const server = await startServer(config, { log });
  const refusal = await demoPasswordRefusal(server.deps);
  if (refusal) {
    log.fatal('refusing to start: an admin account has the public demo password');
    console.error(refusal);
    await server.close().catch(() => undefined);
    process.exit(1);
  }
  if (config.seedDemo) {
    const seeded = await seedDemo(server.deps);
    if (seeded) log.info('demo data seeded');
  }
  const mode = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite (${config.dataDir})`;
  const lines = [
    '',
    `  Exam platform is running at ${config.publicUrl === `http://localhost:${config.port}` ? server.url : config.publicUrl}`,
    `  Database: ${mode}${config.redisUrl ? ', Redis: on' : ''}`,
  ];
  if (config.seedDemo) {
    lines.push('  Demo sign-ins (password: ' + DEMO_PASSWORD + '):');
    for (const u of DEMO_USERS) lines.push(`    ${u.role.padEnd(8)} ${u.email}`);
  }
  console.log(lines.join('\n') + '\n');

  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
