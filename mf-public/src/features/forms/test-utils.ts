import { fireEvent } from '@testing-library/react';

/** jsdom has no PointerEvent; Chakra's (zag) press handling constructs one on blur. */
export function polyfillPointerEvent(): void {
  const w = window as unknown as { PointerEvent?: unknown };
  if (w.PointerEvent) return;
  w.PointerEvent = class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  };
}

/** Ticks a Chakra checkbox through its hidden input, as a click on its label would. */
export function tick(container: ParentNode, name: string): void {
  const input = container.querySelector(`input[type="checkbox"][name="${name}"]`);
  if (!input) throw new Error(`no checkbox ${name}`);
  fireEvent.click(input);
}
