/**
 * The environment a Playtime app is started with by the tests and the benches: where its database
 * is, the port it listens on and the address it is reached at (the same port on localhost).
 */
export const appEnvironment = (
  databaseUrl: string,
  port: number,
  settings: Record<string, string> = {},
): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  ...settings,
});
