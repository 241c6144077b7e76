export interface Crafted {
  name: string;
  text: string;
}
/** The crafted pastes, each about `bytes` long (5 MB by default). */
export function craftedInputs(bytes?: number): Crafted[];
