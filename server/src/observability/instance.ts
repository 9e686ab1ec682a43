import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * This process's identity among the shop's instances: the owner written on every lease it
 * takes and the id of its row in the `instances` registry. Host and pid make it readable in the
 * admin's System page; the random suffix keeps a restarted process (same pid in a container)
 * from being taken for its predecessor, whose leases must expire rather than be inherited.
 */
export const instanceId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
