import { Alert, Box } from '@mui/material';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * A PDF drawn page by page with pdf.js: phones and tablets (Android's Chrome, iOS) show no PDF in an
 * iframe, and the preview must look the same everywhere.
 */
export function PdfPages({ pdf, label }: { pdf: Blob; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const target = container.current;
    const draw = async () => {
      const document = await getDocument({ data: new Uint8Array(await pdf.arrayBuffer()) }).promise;
      const canvases: HTMLCanvasElement[] = [];
      const width = target?.clientWidth || 600;
      for (let n = 1; n <= document.numPages && !cancelled; n++) {
        const page = await document.getPage(n);
        const scale = width / page.getViewport({ scale: 1 }).width;
        // Sharp on high-density screens: draw at device pixels, show at CSS pixels.
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        const canvas = window.document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = '100%';
        canvas.setAttribute('aria-label', `${label}, Seite ${n} von ${document.numPages}`);
        canvas.setAttribute('role', 'img');
        await page.render({ canvas, viewport }).promise;
        canvases.push(canvas);
      }
      await document.destroy();
      if (!cancelled && target) target.replaceChildren(...canvases);
    };
    draw().catch((error: unknown) =>
      setProblem(
        `Die Vorschau kann nicht angezeigt werden (${error instanceof Error ? error.message : String(error)}).`,
      ),
    );
    return () => {
      cancelled = true;
    };
  }, [pdf, label]);
  return (
    <>
      {problem && <Alert severity="warning">{problem}</Alert>}
      <Box
        ref={container}
        aria-label={label}
        role="region"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          '& canvas': { boxShadow: 2, backgroundColor: '#fff' },
        }}
      />
    </>
  );
}
