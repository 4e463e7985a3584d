import { Observable, ReplaySubject, Subject, type Subscription } from 'rxjs';
import { isStateTopic, type StateTopics, type Topic, type Topics } from './topics';

export interface Bus {
  /** Publishes a payload; state topics remember it for later subscribers. */
  publish<T extends Topic>(topic: T, payload: Topics[T]): void;
  /** A cold view of one topic; state topics replay their last value first. */
  on<T extends Topic>(topic: T): Observable<Topics[T]>;
  /** The last value of a state topic, or undefined before the first publish. */
  current<T extends keyof StateTopicsOf>(topic: T): Topics[T] | undefined;
  /** Live subscriptions across every topic: the parcel contract checks it returns to zero. */
  subscriberCount(): number;
}

type StateTopicsOf = Pick<Topics, keyof StateTopics>;

export interface ScopedBus extends Bus {
  /** Subscribes for the life of the scope and returns the subscription. */
  subscribe<T extends Topic>(topic: T, next: (payload: Topics[T]) => void): Subscription;
  /** Ends every subscription made through this scope; later calls are ignored. */
  dispose(): void;
  readonly disposed: boolean;
}

export function createBus(): Bus & { scope(): ScopedBus } {
  const subjects = new Map<Topic, Subject<unknown>>();
  const last = new Map<Topic, unknown>();
  let live = 0;

  const subjectOf = (topic: Topic): Subject<unknown> => {
    let subject = subjects.get(topic);
    if (!subject) {
      subject = isStateTopic(topic) ? new ReplaySubject<unknown>(1) : new Subject<unknown>();
      subjects.set(topic, subject);
    }
    return subject;
  };

  const bus: Bus = {
    publish(topic, payload) {
      if (isStateTopic(topic)) last.set(topic, payload);
      subjectOf(topic).next(payload);
    },
    on<T extends Topic>(topic: T) {
      return new Observable<Topics[T]>((subscriber) => {
        live += 1;
        const inner = (subjectOf(topic) as Subject<Topics[T]>).subscribe(subscriber);
        return () => {
          live -= 1;
          inner.unsubscribe();
        };
      });
    },
    current(topic) {
      return last.get(topic) as never;
    },
    subscriberCount: () => live,
  };

  return { ...bus, scope: () => scopeOf(bus) };
}

/** A bus view whose subscriptions all end when the scope is disposed (after a parcel unmounts). */
export function scopeOf(parent: Bus): ScopedBus {
  const owned = new Set<Subscription>();
  let disposed = false;
  const end$ = new Subject<void>();

  const on = <T extends Topic>(topic: T): Observable<Topics[T]> =>
    new Observable<Topics[T]>((subscriber) => {
      if (disposed) {
        subscriber.complete();
        return undefined;
      }
      const inner = parent.on(topic).subscribe(subscriber);
      const ended = end$.subscribe(() => {
        inner.unsubscribe();
        subscriber.complete();
      });
      return () => {
        inner.unsubscribe();
        ended.unsubscribe();
      };
    });

  return {
    publish: (topic, payload) => {
      if (!disposed) parent.publish(topic, payload);
    },
    on,
    current: (topic) => parent.current(topic),
    subscriberCount: () => parent.subscriberCount(),
    subscribe(topic, next) {
      const sub = on(topic).subscribe(next);
      owned.add(sub);
      sub.add(() => owned.delete(sub));
      return sub;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      end$.next();
      end$.complete();
      for (const sub of [...owned]) sub.unsubscribe();
    },
    get disposed() {
      return disposed;
    },
  };
}
