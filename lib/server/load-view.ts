import { instanceLoad, type InstanceLoad } from "@/lib/load/instance-load";
import type { ProcessLoad, ProcessLoadReport } from "@/lib/load/process-load";

/**
 * The instance's load as one process sees it: its own, measured now, and the other server processes'
 * as they last reported it (a cluster's primary relays them every few seconds and whenever their live
 * calls change). A single process sees only itself.
 */
export class LoadView {
  private peers: ProcessLoadReport[] = [];

  constructor(readonly own: ProcessLoad) {}

  setPeers(reports: ProcessLoadReport[]): void {
    this.peers = reports.filter((report) => report.pid !== process.pid);
  }

  instance(): InstanceLoad {
    return instanceLoad([this.own.report(), ...this.peers]);
  }
}
