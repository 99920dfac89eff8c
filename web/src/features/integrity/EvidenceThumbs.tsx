import { Alert, Group, Loader, Modal, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../api/fileFetch';

/** An evidence picture as a Blob: it is served behind the bearer token, which an `<img src>` cannot carry. */
function useEvidence(id: string) {
  return useQuery({
    queryKey: ['integrity-evidence', id],
    queryFn: async () => (await fetchFile(`/evidence/${encodeURIComponent(id)}`)).blob(),
    // A kept picture never changes.
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** A picture from a Blob: its object URL lives exactly as long as the image shows it. */
function BlobImage({ blob, alt, style }: { blob: Blob; alt: string; style: React.CSSProperties }) {
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (img.current) img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={img} alt={alt} style={style} data-testid="evidence-image" />;
}

function Thumb({ id, alt, enlarge, onOpen }: { id: string; alt: string; enlarge: string; onOpen: () => void }) {
  const { t } = useTranslation('integrity');
  const picture = useEvidence(id);
  if (picture.isPending) return <Loader size="xs" aria-label={t('flags.evidenceLoading')} />;
  if (picture.isError)
    return (
      <Alert color="red" p={4}>
        {t('flags.evidenceFailed')}
      </Alert>
    );
  return (
    <UnstyledButton onClick={onOpen} aria-label={enlarge} style={{ borderRadius: 4, lineHeight: 0 }}>
      <BlobImage blob={picture.data} alt={alt} style={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 4 }} />
    </UnstyledButton>
  );
}

function Enlarged({ id, alt }: { id: string; alt: string }) {
  const picture = useEvidence(id);
  if (!picture.data) return <Loader size="sm" />;
  return <BlobImage blob={picture.data} alt={alt} style={{ display: 'block', width: '100%', borderRadius: 4 }} />;
}

/**
 * A flag's evidence pictures as small thumbnails; a click (or Enter) shows one large. `what` names
 * the flag ('Tab switch at 10:04') for the pictures' descriptions.
 */
export function EvidenceThumbs({ ids, what }: { ids: readonly string[]; what: string }) {
  const { t } = useTranslation('integrity');
  const [open, setOpen] = useState<number | null>(null);
  if (ids.length === 0) return null;
  const alt = (i: number) => t('flags.evidenceAlt', { number: i + 1, what });
  return (
    <>
      <Group gap="xs" aria-label={t('flags.evidence')} role="group">
        {ids.map((id, i) => (
          <Thumb key={id} id={id} alt={alt(i)} enlarge={t('flags.enlarge', { number: i + 1, what })} onOpen={() => setOpen(i)} />
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open === null ? '' : alt(open)} size="xl" centered>
        {open !== null && ids[open] && <Enlarged id={ids[open]} alt={alt(open)} />}
      </Modal>
    </>
  );
}
