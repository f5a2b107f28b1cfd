import { admitCardRenders } from '../../src/modules/admit-card/admit-card.service.ts';

/** Occupies `count` places of the PDF render queue until the returned function is called. */
export function occupyRenders(count: number) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = Array.from({ length: count }, () => admitCardRenders(() => gate));
  return async () => {
    release();
    await Promise.all(held);
  };
}
