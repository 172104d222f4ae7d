import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import {
  addItem,
  CART_STORAGE_KEY,
  type CartItem,
  type CartProduct,
  clearCart,
  parseStoredCart,
  removeItem,
  totalItems,
  totalPrice,
  updateQuantity,
} from "../cart-store";

type CartApi = {
  items: CartItem[];
  totalItems: number;
  totalPrice: number;
  add(product: CartProduct): void;
  remove(id: string): void;
  update(id: string, quantity: number): void;
  clear(): void;
  /** Replaces every line (the cart brought up to date with the catalogue: `refreshLines`). */
  replace(items: CartItem[]): void;
};

const CartContext = createContext<CartApi | null>(null);

/**
 * The stored cart is the one copy: every change reads it and writes it at once, and React reads it
 * through `useSyncExternalStore`. A copy in React state, restored from storage in an effect, lost
 * a line added before that effect ran (a tap while the page hydrated on a slow phone: the restore
 * came after the add and replaced it).
 */
const EMPTY: CartItem[] = [];
const listeners = new Set<() => void>();
/** Where the cart lives when the browser refuses local storage (private modes, a full quota). */
let inMemory: string | null = null;
let storageRefused = false;
let snapshot: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY };

function readRaw(): string | null {
  if (storageRefused) return inMemory;
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    storageRefused = true;
    return inMemory;
  }
}

function readCart(): CartItem[] {
  const raw = readRaw();
  if (raw !== snapshot.raw) snapshot = { raw, items: parseStoredCart(raw) };
  return snapshot.items;
}

function writeCart(items: CartItem[]): void {
  const raw = JSON.stringify(items);
  if (!storageRefused) {
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, raw);
    } catch {
      storageRefused = true;
    }
  }
  if (storageRefused) inMemory = raw;
  snapshot = { raw, items };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it (or cleared the site's storage: key null).
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const serverCart = () => EMPTY;

/** The cart of spec §4, kept in local storage under key `cart`. */
export function CartProvider({ children }: { children: React.ReactNode }) {
  const items = useSyncExternalStore(subscribe, readCart, serverCart);

  const add = useCallback((product: CartProduct) => writeCart(addItem(readCart(), product)), []);
  const remove = useCallback((id: string) => {
    const cart = readCart();
    if (cart.some((line) => line.id === id)) writeCart(removeItem(cart, id));
  }, []);
  const update = useCallback((id: string, q: number) => writeCart(updateQuantity(readCart(), id, q)), []);
  const clear = useCallback(() => writeCart(clearCart()), []);
  const replace = useCallback((next: CartItem[]) => writeCart(next), []);

  const value = useMemo(
    () => ({
      items,
      totalItems: totalItems(items),
      totalPrice: totalPrice(items),
      add,
      remove,
      update,
      clear,
      replace,
    }),
    [items, add, remove, update, clear, replace],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart outside CartProvider");
  return cart;
}

/**
 * Takes what the customer now owns out of the cart once the page is live. Both the thank-you page and
 * My Sacred Downloads call it, so a link followed before the first finished loading still leaves a clean cart.
 */
export function useRemoveOwned(productIds: readonly string[]): void {
  const { remove } = useCart();
  const key = productIds.join(",");
  useEffect(() => {
    for (const id of key.split(",")) if (id) remove(id);
  }, [key, remove]);
}
