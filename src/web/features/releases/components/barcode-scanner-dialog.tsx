import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import { CameraOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { sleeveBarcode, sleeveReaderHints } from '../barcode-reading';

export const CAMERA_MESSAGES = {
  refused: 'Camera access was refused. Allow the camera for this site in your browser, or type the barcode instead.',
  absent: 'No camera was found. Type the barcode instead.',
  unsupported: 'This browser cannot use a camera on this page. Type the barcode instead.',
  failed: 'The camera could not be started. Type the barcode instead.',
} as const;

function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return CAMERA_MESSAGES.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return CAMERA_MESSAGES.absent;
  return CAMERA_MESSAGES.failed;
}

type ScanState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'error'; message: string };

export interface BarcodeScannerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDetected: (barcode: string) => void;
}

/**
 * Barcode add's camera (docs/product/releases.md#scanner): the back camera's picture, read by ZXing
 * (this file and ZXing are one chunk, loaded only when the user asks for the camera). A code is taken
 * only when its check digit is right; then the camera stops. A refused or absent camera says so;
 * typing still works.
 */
export default function BarcodeScannerDialog({ open, onOpenChange, onDetected }: BarcodeScannerDialogProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [state, setState] = useState<ScanState>({ kind: 'starting' });

  useEffect(() => {
    if (!open || !video) return;
    let controls: IScannerControls | undefined;
    let stopped = false;
    setState({ kind: 'starting' });
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'error', message: CAMERA_MESSAGES.unsupported });
      return;
    }
    const reader = new BrowserMultiFormatReader(sleeveReaderHints(), { delayBetweenScanAttempts: 150 });
    reader
      .decodeFromConstraints({ audio: false, video: { facingMode: 'environment' } }, video, (result, _error, scanControls) => {
        const barcode = result ? sleeveBarcode(result.getText()) : null;
        if (!barcode || stopped) return;
        stopped = true;
        scanControls.stop();
        onDetected(barcode);
      })
      .then((started) => {
        controls = started;
        if (stopped) started.stop();
        else setState({ kind: 'scanning' });
      })
      .catch((error: unknown) => {
        if (!stopped) setState({ kind: 'error', message: cameraErrorMessage(error) });
      });
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [open, video, onDetected]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Scan the barcode"
        description="Hold the sleeve’s barcode inside the frame, in good light. It is read as soon as it is sharp."
      >
        {state.kind === 'error' ? (
          <div role="alert" className="flex items-start gap-3 rounded-xl border border-danger/40 bg-danger/5 p-4 text-sm">
            <CameraOff aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
            <p>{state.message}</p>
          </div>
        ) : (
          <div className="relative aspect-[4/3] overflow-hidden rounded-xl border border-line bg-ink">
            <video ref={setVideo} className="size-full object-cover" muted playsInline aria-label="Camera picture" />
            {/* A guide for where the bars go; the decoder reads the whole picture. */}
            <span
              aria-hidden
              className="pointer-events-none absolute inset-x-[12%] top-1/2 h-1/3 -translate-y-1/2 rounded-lg border-2 border-accent/80"
            />
            {state.kind === 'starting' && (
              <span className="absolute inset-0 grid place-items-center">
                <Spinner className="size-7 text-paper" label="Starting the camera" />
              </span>
            )}
            <p className="sr-only" aria-live="polite">
              {state.kind === 'scanning' ? 'The camera is on. Point it at the barcode.' : ''}
            </p>
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">{state.kind === 'error' ? 'Type it instead' : 'Cancel'}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
