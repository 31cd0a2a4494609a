import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import { checkServiceConfig, ConfigError, loadConfig, type Config } from '../config/config';
import { leaveShutdownSignalsToTheApp } from '../db/embedded-postgres';
import { createLogger, type Logger } from '../logging';
import { createMetrics, type Metrics } from '../metrics/metrics';

export interface ServiceContext {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  httpServer: Server;
}

/**
 * The shape of every distributed entry point: configuration from the environment (a bad value
 * stops start-up naming the variable), one HTTP server, a clean stop on SIGINT/SIGTERM.
 */
export interface BuiltService {
  app: Express;
  /** Called once the server listens (work that posts to this service's own address starts here). */
  listening?: () => void;
  close: () => Promise<void>;
}

export function runService(name: string, build: (context: ServiceContext) => Promise<BuiltService>): void {
  let config: Config;
  try {
    config = checkServiceConfig(loadConfig());
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  const logger = createLogger(name);
  const metrics = createMetrics();
  let handler: Express | null = null;
  const httpServer = createServer((req, res) => handler!(req, res));
  build({ config, logger, metrics, httpServer })
    .then(({ app, listening, close }) => {
      handler = app;
      httpServer.listen(config.PORT, () => {
        logger.info({ port: config.PORT }, `${name} listening`);
        listening?.();
      });
      const stop = () => {
        logger.info(`${name} stopping`);
        httpServer.closeAllConnections();
        httpServer.close();
        close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      leaveShutdownSignalsToTheApp();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      logger.fatal({ err: error }, `${name} failed to start`);
      process.exit(1);
    });
}
