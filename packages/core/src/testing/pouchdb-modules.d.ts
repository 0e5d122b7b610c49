// The little the test server uses of PouchDB and express-pouchdb, which ship no types.
declare module 'pouchdb-core' {
  interface PouchDBStatic {
    plugin(plugin: unknown): PouchDBStatic;
    defaults(options: Record<string, unknown>): PouchDBStatic;
  }
  const PouchDB: PouchDBStatic;
  export default PouchDB;
}
declare module 'pouchdb-adapter-memory' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-mapreduce' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-replication' {
  const plugin: unknown;
  export default plugin;
}
declare module 'express-pouchdb' {
  import { type IncomingMessage, type ServerResponse } from 'node:http';
  type App = (request: IncomingMessage, response: ServerResponse) => void;
  export default function expressPouchDB(pouchDB: unknown, options?: Record<string, unknown>): App;
}
