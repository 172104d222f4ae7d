import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
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

/** The cart of spec §4: restored from local storage key `cart` at start-up and written on every change. */
export function CartProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<CartItem[]>([]);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    setItems(parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY)));
    setRestored(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) setItems(parseStoredCart(event.newValue));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  useEffect(() => {
    if (restored) window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  }, [items, restored]);

  const add = useCallback((product: CartProduct) => setItems((cart) => addItem(cart, product)), []);
  const remove = useCallback((id: string) => setItems((cart) => removeItem(cart, id)), []);
  const update = useCallback((id: string, q: number) => setItems((cart) => updateQuantity(cart, id, q)), []);
  const clear = useCallback(() => setItems(clearCart()), []);
  const replace = useCallback((next: CartItem[]) => setItems(next), []);

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
