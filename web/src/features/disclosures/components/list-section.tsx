import { List, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListSectionProps {
  /** The heading's id, which names the section (aria-labelledby). */
  id: string;
  title: string;
  items: readonly string[];
  /** The list's data-testid, where a test looks for it. */
  listTestId?: string;
  /** What follows the list: a note, a link. */
  children?: ReactNode;
}

/** A disclosure page's section of a heading and a bulleted list (the /payments page). */
export function ListSection({ id, title, items, listTestId, children }: ListSectionProps) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb={6}>
        {title}
      </Title>
      <List data-testid={listTestId}>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      {children}
    </section>
  );
}
