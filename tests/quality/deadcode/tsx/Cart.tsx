// Shopping cart components.
import React, { useMemo, useState, useEffect } from 'react'; // expect: unused-import
import { Button, Icon as CartIcon } from './ui';
import * as styles from './cart.module.css';
import { formatPrice, formatDate } from './format'; // expect: unused-import
import type { Item } from './types';

type Props = { items: Item[]; onCheckout(): void };

export function Cart({ items, onCheckout }: Props) {
  const [open, setOpen] = useState(false);
  const total = useMemo(() => items.reduce((s, i) => s + i.price, 0), [items]);
  const debug = items.length > 100; // expect: unused-local-variable
  return (
    <div className={styles.cart}>
      <CartIcon count={items.length} />
      <Button onClick={() => setOpen(!open)}>{open ? 'Hide' : 'Show'}</Button>
      {open && <Lines items={items} />}
      <Button onClick={onCheckout}>{formatPrice(total)}</Button>
    </div>
  );
}

function Lines({ items }: { items: Item[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>{item.name}</li>
      ))}
    </ul>
  );
}

function Badge({ n }: { n: number }) { // expect: unused-private-function
  return <span>{n}</span>;
}

export default function Summary({ items }: { items: Item[] }) {
  if (items.length === 0) {
    return null;
    console.warn('empty cart'); // expect: unreachable-code
  }
  return <p>{items.length} items</p>;
}
