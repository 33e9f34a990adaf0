import { type AppConfig, loadConfig } from './config.js';

/** The configuration `env` gives, logging silenced; a test's bad variable fails the test at once. */
export function configFor(env: Record<string, string>): AppConfig {
  const result = loadConfig({ LOG_LEVEL: 'silent', ...env });
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.config;
}
