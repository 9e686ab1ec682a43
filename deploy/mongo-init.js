/* global rs, db, sleep, print */
// Run once by the `mongo-init` service (docker-compose.yml), as the root user, against mongo1:
// initiates the replica set (a no-op once it exists), waits for a primary, then creates or updates
// the application's user from MONGODB_URI (user, password and database are read from it), with
// readWrite on that database only: enough for queries, index builds and change streams.
try {
  rs.status();
} catch {
  rs.initiate({
    _id: 'rs0',
    members: [
      { _id: 0, host: 'mongo1:27017', priority: 2 },
      { _id: 1, host: 'mongo2:27017', priority: 1 },
      { _id: 2, host: 'mongo3:27017', priority: 1 },
    ],
  });
}
while (!db.hello().isWritablePrimary) sleep(500);

const match = /^mongodb:\/\/([^:@/]+):([^@/]+)@[^/]+\/([A-Za-z0-9_-]+)/.exec(
  process.env.MONGODB_URI,
);
if (!match) throw new Error('MONGODB_URI must be mongodb://user:password@hosts/database?…');
const [user, password, database] = match.slice(1).map(decodeURIComponent);
const app = db.getSiblingDB(database);
if (app.getUser(user)) app.updateUser(user, { pwd: password });
else app.createUser({ user, pwd: password, roles: [{ role: 'readWrite', db: database }] });
print(`replica set rs0 ready; user ${user} on ${database}`);
