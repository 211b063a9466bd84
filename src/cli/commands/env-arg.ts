// The --env option of every command that runs apps (check, events, batch, apps, run): which environment the
// apps run in (src/model/environment.ts, docs/model.md "Environments").
import type { Command } from 'commander';
import { usageError } from '../exit.js';
import { DEFAULT_ENVIRONMENT, ENVIRONMENT_NAMES, type EnvironmentName } from '../../model/environment.js';

export function addEnvOption(command: Command): Command {
  return command.option(
    '--env <env>',
    `${ENVIRONMENT_NAMES.join(' or ')}: the reference's event list and setting constants, or a real home (every sensor value, values around the apps' thresholds, different settings per app)`,
    DEFAULT_ENVIRONMENT,
  );
}

/** The environment named by --env, or undefined when the name is unknown. */
export function environmentName(value: string): EnvironmentName | undefined {
  return (ENVIRONMENT_NAMES as readonly string[]).includes(value) ? (value as EnvironmentName) : undefined;
}

/** The environment named by --env; an unknown name is the command's usage error. */
export function requireEnvironment(command: string, value: string): EnvironmentName {
  return environmentName(value) ?? usageError(command, `--env: expected ${ENVIRONMENT_NAMES.join(' or ')}, not ${value}`);
}
