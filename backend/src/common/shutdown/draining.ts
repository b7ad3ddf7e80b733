import { Injectable } from '@nestjs/common';

/**
 * Whether this API instance is shutting down (SIGTERM: a deploy, a scale-in), and what has to happen once it
 * no longer accepts connections. While draining, readiness answers 503 and responses close their connection,
 * so a load balancer moves every client to another instance; requests under way are still served.
 */
@Injectable()
export class Draining {
  private draining = false;
  private readonly whenStoppedAccepting: Array<() => Promise<void>> = [];

  get active(): boolean {
    return this.draining;
  }

  begin() {
    this.draining = true;
  }

  /** A step of the shutdown that needs new connections to go elsewhere first (the gateway sends its sockets away). */
  onStoppedAccepting(step: () => Promise<void>) {
    this.whenStoppedAccepting.push(step);
  }

  async stoppedAccepting() {
    await Promise.all(this.whenStoppedAccepting.map((step) => step()));
  }
}
