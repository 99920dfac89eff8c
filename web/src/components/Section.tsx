import { Title, type TitleOrder } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled region: the heading names the section for screen-reader landmark navigation. */
export function Section({ title, order = 2, children }: { title: ReactNode; order?: TitleOrder; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={order} size={order === 2 ? 'h4' : 'h5'} id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}
