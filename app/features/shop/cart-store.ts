/**
 * The cart of spec §4, as pure functions over a list of lines, so the rules are tested without a
 * browser. The React side (cart-provider.tsx) keeps the list in local storage under CART_STORAGE_KEY.
 */
export const CART_STORAGE_KEY = "cart";

export type CartProduct = {
  id: string;
  title: string;
  price_cents: number;
  product_type: string;
  image_url?: string | null | undefined;
};

export type CartItem = CartProduct & { quantity: number };

export function addItem(cart: CartItem[], product: CartProduct): CartItem[] {
  if (cart.some((line) => line.id === product.id)) {
    return cart.map((line) => (line.id === product.id ? { ...line, quantity: line.quantity + 1 } : line));
  }
  return [...cart, { ...product, quantity: 1 }];
}

export function removeItem(cart: CartItem[], id: string): CartItem[] {
  return cart.filter((line) => line.id !== id);
}

export function updateQuantity(cart: CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(cart, id);
  return cart.map((line) => (line.id === id ? { ...line, quantity } : line));
}

export function clearCart(): CartItem[] {
  return [];
}

export function totalItems(cart: CartItem[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

export function totalPrice(cart: CartItem[]): number {
  return cart.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
}

/**
 * What checkout charges: a digital product is bought once, so each distinct product counts once
 * (quantity 1) and products the buyer already owns are left out.
 */
export function amountToPay(cart: CartItem[], owned: ReadonlySet<string>): number {
  return cart.filter((line) => !owned.has(line.id)).reduce((sum, line) => sum + line.price_cents, 0);
}

/** A product as the server describes it now, to bring a stored cart line up to date. */
export type CurrentProduct = CartProduct & { for_sale: boolean };

/**
 * The cart brought up to date with the catalogue: each line takes the product's current title,
 * price and cover (the price shown is the price charged), and lines whose product is gone or no
 * longer for sale are dropped. Also says which lines changed price, from what, and whether any line
 * changed at all (a line stored before covers and types were kept takes them from here).
 */
export function refreshLines(
  cart: CartItem[],
  current: readonly CurrentProduct[],
  /** The ids the catalogue was asked about; a line added since is kept as it is. */
  asked?: ReadonlySet<string>,
): { cart: CartItem[]; repriced: { id: string; title: string; from: number; to: number }[]; changed: boolean } {
  const byId = new Map(current.map((p) => [p.id, p]));
  const repriced: { id: string; title: string; from: number; to: number }[] = [];
  const next: CartItem[] = [];
  let changed = false;
  for (const line of cart) {
    if (asked && !asked.has(line.id)) {
      next.push(line);
      continue;
    }
    const product = byId.get(line.id);
    if (!product?.for_sale) {
      changed = true;
      continue;
    }
    if (product.price_cents !== line.price_cents) {
      repriced.push({ id: line.id, title: product.title, from: line.price_cents, to: product.price_cents });
    }
    const current: CartItem = {
      id: product.id,
      title: product.title,
      price_cents: product.price_cents,
      product_type: product.product_type,
      image_url: product.image_url,
      quantity: line.quantity,
    };
    if (
      current.title !== line.title ||
      current.price_cents !== line.price_cents ||
      current.product_type !== line.product_type ||
      (current.image_url ?? null) !== (line.image_url ?? null)
    ) {
      changed = true;
    }
    next.push(current);
  }
  return { cart: next, repriced, changed };
}

/** Reads a stored cart, dropping anything that is not a well-formed line (the store is user-editable). */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (line): line is CartItem =>
        typeof line === "object" &&
        line !== null &&
        typeof line.id === "string" &&
        typeof line.title === "string" &&
        Number.isInteger(line.price_cents) &&
        Number.isInteger(line.quantity) &&
        line.quantity > 0,
    );
  } catch {
    return [];
  }
}
