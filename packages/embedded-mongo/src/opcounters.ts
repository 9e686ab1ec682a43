import type { Doc } from './types.ts';

/**
 * What `serverStatus.opcounters` reports, as MongoDB counts it: documents inserted, update and
 * delete statements, finds, getMores, and every other command (findAndModify, aggregate, count…),
 * since the engine started. Tools and benchmarks read it to count a workload's operations.
 */
export class OpCounters {
  insert = 0;
  query = 0;
  update = 0;
  delete = 0;
  getmore = 0;
  command = 0;

  /** Counts a command about to run (`name` is its first field). */
  count(name: string, cmd: Doc): void {
    const many = (field: string) => (Array.isArray(cmd[field]) ? cmd[field].length : 0);
    switch (name) {
      case 'insert':
        this.insert += many('documents');
        break;
      case 'update':
        this.update += many('updates');
        break;
      case 'delete':
        this.delete += many('deletes');
        break;
      case 'find':
        this.query++;
        break;
      case 'getMore':
        this.getmore++;
        break;
      default:
        this.command++;
    }
  }

  toDoc(): Doc {
    const { insert, query, update, delete: del, getmore, command } = this;
    return { insert, query, update, delete: del, getmore, command };
  }
}
