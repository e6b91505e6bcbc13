import { Button } from '../../../ui/button';
import { IonContent } from '../../../ui/ionic/content';
import { IonModal } from '../../../ui/ionic/overlays';
import { Spinner } from '../../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import chevronBackOutline from 'ionicons-svg/chevron-back-outline.svg?raw';
import chevronForwardOutline from 'ionicons-svg/chevron-forward-outline.svg?raw';
import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import downloadOutline from 'ionicons-svg/download-outline.svg?raw';
import starOutline from 'ionicons-svg/star-outline.svg?raw';
import trashOutline from 'ionicons-svg/trash-outline.svg?raw';
import { useState } from 'react';
import type { Car, CarImage } from '@core/schemas/catalog';
import { ApiError } from '../../../api/client';
import { it } from '../../../i18n/catalog';
import { useConfirm } from '../../../ui/confirm';
import { FormError } from '../../../ui/form';
import { clearImages, deleteImage, downloadImages, imagesQuery, setMainImage, uploadImages } from '../api/catalog';
import { useWrite } from '../../../api/use-write';
import { useCatalogueOnline } from './online-only';
import { Icon } from '../../../ui/icon';
import { serverUrl } from '../../../api/origin';
import { cycle, IMAGE_TYPES, imageFileProblem, imagesMode } from './images-model';
import { FilePick } from '../../../ui/file-pick';

const ACCEPT = IMAGE_TYPES.join(',');

/** An image write: what it does (its intent), and how it is sent with the intent's key. */
type Intent = { id: string; send: (key: string) => Promise<unknown> };

/**
 * Default or custom images (account spec §2, §4, §8). Custom needs the feature
 * car-custom-images and a car with an id; going back to default deletes the custom images after
 * confirmation, going custom needs the rights confirmation.
 */
export function ImagesSection({ car, offerCode, canCustom }: { car: Car | null; offerCode: string | null; canCustom: boolean }) {
  const t = it.catalog.images;
  const { data: images, isPending } = useQuery({ ...imagesQuery(car?.id ?? 0), enabled: !!car?.id });
  const custom = images?.filter((i) => i.group === 'custom') ?? [];
  const defaults = images?.filter((i) => i.group === 'default') ?? [];
  const [wantCustom, setWantCustom] = useState(false);
  const mode = imagesMode(custom.length, wantCustom);
  const [failure, setFailure] = useState<unknown>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // One write per intent (src/api/use-write.ts): a double tap uploads the images once.
  const write = useWrite({ mutationFn: (w: Intent, key) => w.send(key), sameIntent: (a, b) => a.id === b.id });
  const busy = write.isPending;
  // Writes are online-only (docs/adr/0139-catalogue-writes-online-only.md): offline, every image action is disabled.
  const online = useCatalogueOnline();
  const locked = busy || !online;
  const [lightbox, setLightbox] = useState<number | null>(null);
  const confirm = useConfirm();
  const shown = mode === 'custom' ? custom : defaults;
  const carId = car?.id ?? null;

  const run = async (id: string, send: Intent['send']) => {
    setFailure(null);
    try {
      await write.mutateAsync({ id, send });
    } catch (err) {
      setFailure(err);
    }
  };

  const chooseDefault = async () => {
    if (mode === 'default' || !carId) return;
    if (custom.length > 0 && !(await confirm.ask(t.confirmDefault))) return;
    setWantCustom(false);
    if (custom.length > 0) await run('clear', (key) => clearImages(carId, key));
  };
  const chooseCustom = async () => {
    if (mode === 'custom' || !carId) return;
    if (await confirm.ask(t.confirmRights)) setWantCustom(true);
  };
  const upload = (list: File[]) => {
    setFileError(null);
    if (!carId || list.length === 0) return;
    const problem = imageFileProblem(list);
    if (problem) return setFileError(problem);
    void run(`upload-${list.map((f) => `${f.name}:${f.size}:${f.lastModified}`).join('|')}`, (key) => uploadImages(carId, offerCode, list, key));
  };
  const remove = async (img: CarImage) => {
    if (!carId || img.id === null) return;
    if (await confirm.ask(t.confirmDelete)) await run(`delete-${img.id}`, (key) => deleteImage(carId, img.id!, key));
  };
  const serverFileError = failure instanceof ApiError ? failure.field('immagini[]') : undefined;

  return (
    <div className="images-section" data-testid="images-section">
      <fieldset className="radio-row">
        <label>
          <input type="radio" name="image-mode" checked={mode === 'default'} disabled={!carId || locked} onChange={() => void chooseDefault()} />
          {t.default}
        </label>
        {canCustom && (
          <label>
            <input
              type="radio"
              name="image-mode"
              checked={mode === 'custom'}
              disabled={!carId || locked}
              onChange={() => void chooseCustom()}
              data-testid="images-custom"
            />
            {t.custom}
          </label>
        )}
      </fieldset>
      {!carId && <p className="catalog-hint">{t.customDisabled}</p>}
      {carId && isPending && <Spinner />}
      {mode === 'custom' && carId && (
        <FilePick
          button={t.upload}
          accept={ACCEPT}
          multiple
          disabled={locked}
          status={busy ? it.common.loading : null}
          onFiles={upload}
          testId="images-upload"
        />
      )}
      {(fileError ?? serverFileError) && (
        <p className="field-error" role="alert">
          {fileError ?? serverFileError}
        </p>
      )}
      {mode === 'custom' && carId && custom.length === 0 && !isPending && <p className="catalog-hint">{t.noCustom}</p>}
      <ul className="image-grid">
        {shown.map((img, i) => (
          <li key={img.id ?? img.source} className={`image-card${img.type === 'MAIN' ? ' is-main' : ''}`} data-testid="car-image">
            <button type="button" className="image-open" onClick={() => setLightbox(i)} aria-label={t.open}>
              <img src={serverUrl(img.source)} alt={img.description} loading="lazy" />
            </button>
            {img.type === 'MAIN' && <span className="catalog-chip">{t.main}</span>}
            {img.group === 'custom' && (
              <div className="image-actions">
                {img.type !== 'MAIN' && (
                  <Button
                    size="small"
                    fill="clear"
                    disabled={locked}
                    onClick={() => void run(`main-${img.id}`, (key) => setMainImage(carId!, img.id!, key))}
                    aria-label={t.setMain}
                    title={t.setMain}
                  >
                    <Icon slot="icon-only" icon={starOutline} />
                  </Button>
                )}
                <Button size="small" fill="clear" color="danger" disabled={locked} onClick={() => void remove(img)} aria-label={t.delete} title={t.delete}>
                  <Icon slot="icon-only" icon={trashOutline} />
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {carId && shown.length > 0 && (
        <Button size="small" fill="outline" onClick={() => void run(`download-${mode}`, () => downloadImages(carId, mode))}>
          <Icon slot="start" icon={downloadOutline} />
          {t.download}
        </Button>
      )}
      <FormError error={serverFileError ? null : failure} />
      <Lightbox images={shown} index={lightbox} onIndex={setLightbox} />
      {confirm.element}
    </div>
  );
}

/** Cycles through the images (§2: "A lightbox cycles through the images"). */
function Lightbox({ images, index, onIndex }: { images: CarImage[]; index: number | null; onIndex: (i: number | null) => void }) {
  const t = it.catalog.images;
  const img = index === null ? undefined : images[index];
  const step = (d: number) => index !== null && onIndex(cycle(index, d, images.length));
  return (
    <IonModal isOpen={img !== undefined} onDidDismiss={() => onIndex(null)} className="lightbox-modal">
      <IonContent className="ion-padding">
        <div className="lightbox" aria-label={t.lightbox} data-testid="lightbox">
          <Button fill="clear" className="lightbox-close" onClick={() => onIndex(null)} aria-label={it.common.close}>
            <Icon slot="icon-only" icon={closeOutline} />
          </Button>
          {img && <img src={serverUrl(img.source)} alt={img.description} />}
          {images.length > 1 && (
            <div className="lightbox-nav">
              <Button fill="outline" onClick={() => step(-1)} aria-label={t.prev}>
                <Icon slot="icon-only" icon={chevronBackOutline} />
              </Button>
              <span>
                {(index ?? 0) + 1} / {images.length}
              </span>
              <Button fill="outline" onClick={() => step(1)} aria-label={t.next}>
                <Icon slot="icon-only" icon={chevronForwardOutline} />
              </Button>
            </div>
          )}
        </div>
      </IonContent>
    </IonModal>
  );
}
