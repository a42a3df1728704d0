// Account service: TypeScript-only cases.
import type { Account, AccountId } from './model'; // expect: unused-import
import { Injectable } from './di';
import { Clock, SystemClock } from './clock';
import { Repository } from './repository';
import type { Metrics } from './metrics';
import { Logger } from './logger'; // expect: unused-import

export interface Options {
  clock?: Clock;
}

@Injectable()
export class AccountService {
  #cache = new Map<string, Account>();

  constructor(private readonly repo: Repository, private readonly metrics?: Metrics) {}

  async find(id: string): Promise<Account | undefined> {
    const hit = this.#cache.get(id);
    if (hit) {
      return hit;
    }
    const started = Date.now(); // expect: unused-local-variable
    return this.repo.load(id);
  }

  private format(account: Account): string {
    return account.name;
  }
}

export class Ledger {
  private entries: number[] = [];

  private audit(): void { // expect: unused-private-function
    this.entries.length = 0;
  }

  #rebalance(): number { // expect: unused-private-function
    return this.entries.length;
  }

  #sum(): number {
    return this.entries.reduce((a, b) => a + b, 0);
  }

  private get count(): number {
    return this.entries.length;
  }

  total(): number {
    return this.#sum() + this.count;
  }
}

export function describeClock(options: Options): string {
  const clock = options.clock ?? new SystemClock();
  return String(clock);
}

export function check(value: unknown): asserts value is string {
  if (typeof value !== 'string') {
    throw new TypeError('not a string');
    type Never = never; // types declare, they do not run
    interface Nothing {}
  }
}
