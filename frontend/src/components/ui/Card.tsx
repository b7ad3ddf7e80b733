import type { ReactNode } from 'react';

interface CardProps {
  title: string;
  /** Heading level of the title: page-level cards use h1. */
  headingLevel?: 1 | 2;
  children?: ReactNode;
  className?: string;
}

export function Card({ title, headingLevel = 2, children, className }: CardProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={['card', className].filter(Boolean).join(' ')}>
      <Heading className="card-title">{title}</Heading>
      {children}
    </section>
  );
}
