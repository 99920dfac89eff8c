import 'katex/dist/katex.min.css';
import { Box, type BoxProps } from '@mantine/core';
import { useMemo } from 'react';
import { renderMathText } from '../lib/mathText';

interface MathTextProps extends BoxProps {
  text: string;
  /** A block (div) for whole question texts, an inline span for options and previews. */
  block?: boolean;
  'data-testid'?: string;
}

/**
 * Text with `$...$` math rendered by KaTeX, wherever a question is shown. Line
 * breaks the author typed are kept. KaTeX also emits MathML, which screen readers read aloud.
 */
export function MathText({ text, block = false, style, ...rest }: MathTextProps) {
  const html = useMemo(() => renderMathText(text), [text]);
  return (
    <Box
      component={block ? 'div' : 'span'}
      style={[{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }, style]}
      {...rest}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
