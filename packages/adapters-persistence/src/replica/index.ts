export { ReadReplica, type ReadReplicaOptions, type ReadRoute, writerKey } from './read-replica.js';
export { type RecentWriters, RedisRecentWriters, type RedisRecentWritersOptions } from './recent-writers.js';
export { ReplicaFreshness, type ReplicaFreshnessOptions } from './replica-freshness.js';
