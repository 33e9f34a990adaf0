import type { Repositories } from '@payout/domain';
import { errorCode } from '../repositories/pg-errors.js';

type Method = (...args: unknown[]) => Promise<unknown>;

/** A write sent to a replica (read_only_sql_transaction): a bug of the caller, never retried on the primary. */
const WRITE_ON_REPLICA = '25006';

/**
 * `replica`'s repositories, each call tried there first and asked again of `primary` when it fails (the replica
 * is down, restarting, or cancelled the read to replay) or finds nothing (`null`: a row younger than the replica's
 * lag is never answered as missing). A fault of the replica therefore costs a second read, never a wrong answer.
 */
export function withPrimaryFallback(
  replica: Repositories,
  primary: Repositories,
  fellBack: (route: 'replica-failed' | 'not-found') => void,
): Repositories {
  const wrapped = {} as Record<keyof Repositories, unknown>;
  for (const name of Object.keys(replica) as Array<keyof Repositories>) {
    const fromReplica = replica[name] as unknown as Record<string, Method>;
    const fromPrimary = primary[name] as unknown as Record<string, Method>;
    const methods = new Map<string, Method>();
    wrapped[name] = new Proxy(fromReplica, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function' || typeof property !== 'string') return value;
        let method = methods.get(property);
        if (!method) {
          method = async (...args: unknown[]) => {
            let found: unknown;
            try {
              found = await (value as Method).apply(target, args);
            } catch (error) {
              if (errorCode(error) === WRITE_ON_REPLICA) throw error;
              fellBack('replica-failed');
              return (fromPrimary[property] as Method).apply(fromPrimary, args);
            }
            if (found !== null) return found;
            fellBack('not-found');
            return (fromPrimary[property] as Method).apply(fromPrimary, args);
          };
          methods.set(property, method);
        }
        return method;
      },
    });
  }
  return wrapped as unknown as Repositories;
}
