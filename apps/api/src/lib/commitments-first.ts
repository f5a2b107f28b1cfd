import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * The calls a process is serving now that must never wait behind photo bytes: the students' commitments
 * (POST answers: a photo's hash and size, its proof of time) and submissions. Counted from the moment the
 * process has read a call's headers to the moment its answer is sent (or the client went away); the answer
 * photos' gate (exam/answer-upload-gate.ts) admits no new photo while any is counted, and is woken when the last
 * one is answered (decision 071).
 */
export function callsServedFirst() {
  let waiting = 0;
  const wakers = new Set<() => void>();
  return {
    /** How many are being served now. */
    waiting: () => waiting,
    /** One has arrived: the returned function marks it answered (only its first call counts). */
    arrived(): () => void {
      waiting += 1;
      let answered = false;
      return () => {
        if (answered) return;
        answered = true;
        waiting -= 1;
        if (waiting === 0) for (const wake of wakers) wake();
      };
    },
    /** Calls `wake` each time the last one being served is answered. */
    onNoneWaiting(wake: () => void) {
      wakers.add(wake);
    },
  };
}

/** The process's commitments and submissions being served now. */
export const commitmentsServed = callsServedFirst();

const answeredOf = new WeakMap<FastifyRequest, () => void>();
const answered = (request: FastifyRequest) => {
  answeredOf.get(request)?.();
  answeredOf.delete(request);
};

/**
 * A route's hooks that count its calls in `commitmentsServed`: from `onRequest` (headers read, before the
 * session or the body) to `onResponse` (the answer sent), `onRequestAbort` (the client went away) or the
 * response's `close`, whichever comes first.
 */
export const servedFirst = {
  onRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const end = commitmentsServed.arrived();
    answeredOf.set(request, end);
    // However the exchange ends (a connection dropped mid-answer too): a call counted for ever would keep
    // the photos' gate to one photo at a time.
    reply.raw.once('close', end);
    done();
  },
  onResponse(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
    answered(request);
    done();
  },
  onRequestAbort(request: FastifyRequest, done: HookHandlerDoneFunction) {
    answered(request);
    done();
  },
};
