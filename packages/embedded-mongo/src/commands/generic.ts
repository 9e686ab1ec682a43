/**
 * Fields any command may carry that do not change what it does here: sessions, cluster time,
 * read/write concerns (every acknowledged write is journaled and fsynced anyway), API version.
 */
export const GENERIC_FIELDS = new Set([
  '$db',
  'lsid',
  '$clusterTime',
  '$readPreference',
  'readConcern',
  'writeConcern',
  'comment',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);
