/**
 * How replicas of one endpoint hand each other the cancels of the stateless legacy era. A client
 * of that era sends `notifications/cancelled` in a request of its own, which a balancer may give
 * to any replica: the one that receives it publishes it when no call of its own matches, and the
 * one running the call cancels its whole workflow. Implement it over any pub/sub (Redis, NATS,
 * PostgreSQL `LISTEN`); every replica publishes and subscribes on the same channel.
 */
import type { RequestId } from './internal/jsonrpc.ts';

/** A cancel as replicas pass it: the consumer, and the id that consumer gave its request. */
export interface RelayedCancel {
  readonly consumer: string;
  readonly requestId: RequestId;
}

/** A channel shared by the replicas of one endpoint. */
export interface CancelRelay {
  /** Sends `cancel` to every replica (the publisher's own delivery is harmless). */
  publish(cancel: RelayedCancel): void | Promise<void>;
  /**
   * Calls `onCancel` with each cancel any replica published (what arrives is judged before use);
   * returns how to stop.
   */
  subscribe(onCancel: (cancel: unknown) => void): () => void;
}
