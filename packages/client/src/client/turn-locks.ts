// The client's turn locks are `TurnLocks` of `@aigo/ai` (one copy, shared with the memory stores
// that implement `acquireTurn`); the client keys them by memory object for memories without a lock.
export { TurnLocks } from '@aigo/ai';
