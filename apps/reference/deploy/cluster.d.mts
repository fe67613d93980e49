/** Types of `cluster.mjs`: N replicas of the reference app behind nginx on loopback. */
import type { ChildProcess } from 'node:child_process';

export interface Replica {
  /** `r1`, `r2`...: the prefix of the session ids it mints. */
  readonly name: string;
  readonly port: number;
  /** Its own URL, without the balancer. */
  readonly url: string;
  readonly process: ChildProcess;
  /** What it wrote to stderr (its JSON log), in chunks, the newest 64 MiB. */
  readonly log: string[];
}

export interface Cluster {
  /** The balancer's URL: `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  /** The folder of nginx's configuration, log and temporary files, and each replica's data. */
  readonly run: string;
  readonly replicas: readonly Replica[];
  /** Stops nginx, then every replica (each finishes or cancels its calls). */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** How many replicas. */
  readonly count: number;
  /** nginx's port; the replicas take the ports after it. */
  readonly port: number;
  /** Given to every replica: `--config`, `--database`, `--redis`, `--root`... */
  readonly args: readonly string[];
  /** The run folder (default: a new temporary one). */
  readonly run?: string;
  /** The nginx command (default `nginx`). */
  readonly nginx?: string;
  /** Told of a replica that stopped while the cluster runs. */
  readonly onExit?: (name: string, how: number | string) => void;
}

export function startCluster(options: ClusterOptions): Promise<Cluster>;

export function nginxConfig(options: {
  readonly replicas: readonly { readonly name: string; readonly port: number }[];
  readonly listen: string;
  readonly run: string;
}): string;
