// RTP ports from RTP_PORT_MIN..RTP_PORT_MAX: even ports (RTCP's odd neighbour left free, RFC 3550
// §11), tried from a random start so several processes on one host rarely collide.

import dgram from "node:dgram";
import net from "node:net";

export class RtpPortRange {
  private readonly inUse = new Set<number>();

  constructor(
    readonly min: number,
    readonly max: number,
  ) {
    if (!(min >= 1024 && max <= 65535 && min < max)) throw new Error(`RTP port range ${min}-${max} is not usable (1024–65535, min below max)`);
  }

  /** A UDP socket bound to a free even port of the range. */
  async bind(address: string): Promise<{ socket: dgram.Socket; port: number }> {
    const first = this.min % 2 === 0 ? this.min : this.min + 1;
    const count = Math.floor((this.max - first) / 2) + 1;
    const offset = Math.floor(Math.random() * count);
    for (let i = 0; i < count; i++) {
      const port = first + ((offset + i) % count) * 2;
      if (this.inUse.has(port)) continue;
      this.inUse.add(port);
      const socket = dgram.createSocket(net.isIPv6(address) ? "udp6" : "udp4");
      const bound = await new Promise<boolean>((resolve) => {
        socket.once("error", () => resolve(false));
        // exclusive: in a cluster's server process a port taken by another process must fail here, not be shared through the primary.
        socket.bind({ port, address, exclusive: true }, () => resolve(true));
      });
      if (bound) {
        socket.removeAllListeners("error");
        return { socket, port };
      }
      this.inUse.delete(port);
      try {
        socket.close();
      } catch {
        // never bound: nothing to close
      }
    }
    throw new Error(`No free RTP port in ${this.min}-${this.max}`);
  }

  release(port: number): void {
    this.inUse.delete(port);
  }
}
