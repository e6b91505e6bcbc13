import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../../ui/button';
import { IonContent } from '../../../ui/ionic/content';
import { IonHeader, IonTitle, IonToolbar } from '../../../ui/ionic/toolbar';
import { IonModal } from '../../../ui/ionic/overlays';
import { useForm } from 'react-hook-form';
import { CAR_CATEGORIES, CAR_DEFAULTS, CAR_FUELS, CAR_GEARBOXES, CAR_SEGMENTS } from '@core/catalog';
import { formatMeasure, formatPower, slugLabel, slugOptions } from '@core/car-format';
import { formatConsumption, formatNumber } from '@core/format';
import { type Car, type CustomCarForm, type CustomCarInput, CustomCarInputSchema } from '@core/schemas/catalog';
import { it } from '../../../i18n/catalog';
import { applyServerErrors, CheckboxField, FormError, scrollToFirstError, TextField } from '../../../ui/form';
import { SelectField } from '../../../ui/form-fields';
import { NumberField } from '../../../ui/number-field';
import { OfflineNotice, useCatalogueOnline } from './online-only';
import { saveCustomCar } from '../api/catalog';
import { SubmitButton } from '../../../ui/form-base';
import { useWrite } from '../../../api/use-write';

const NUMBER_FIELDS = ['cilindrata', 'cavalli_fiscali', 'hp', 'kw', 'emissioni_co2', 'larghezza', 'lunghezza', 'bagagliaio', 'posti', 'porte'] as const;

function valuesOf(car: Car | null, seed: { brand?: string; modello?: string; vehicleType?: string }): CustomCarForm {
  if (car)
    return {
      vehicleType: car.vehicleType === 'commerciale' ? 'commerciale' : 'auto',
      brand: car.brand,
      modello: car.modello,
      category: car.category as CustomCarForm['category'],
      fuel: car.fuel as CustomCarForm['fuel'],
      segmento: car.segmento as CustomCarForm['segmento'],
      allestimento: car.allestimento,
      neo_patentati: car.neo_patentati,
      cilindrata: car.cilindrata ?? 0,
      cavalli_fiscali: car.cavalli_fiscali ?? 0,
      descrizione_trazione: car.descrizione_trazione,
      desc_motore: car.desc_motore,
      hp: car.hp,
      consumo_medio: car.consumo_medio,
      kw: car.kw,
      euro: car.euro,
      emissioni_co2: car.emissioni_co2,
      descrizione_cambio: car.descrizione_cambio as CustomCarForm['descrizione_cambio'],
      larghezza: car.larghezza,
      lunghezza: car.lunghezza,
      bagagliaio: car.bagagliaio,
      posti: car.posti,
      porte: car.porte,
    };
  // §9: default car segment A, category berlina, fuel benzina. Empty numbers are errors until filled (§5).
  const empty = '' as unknown as number;
  return {
    vehicleType: seed.vehicleType === 'commerciale' ? 'commerciale' : 'auto',
    brand: seed.brand ?? '',
    modello: seed.modello ?? '',
    category: CAR_DEFAULTS.category,
    fuel: CAR_DEFAULTS.fuel,
    segmento: CAR_DEFAULTS.segmento,
    allestimento: '',
    neo_patentati: false,
    cilindrata: empty,
    cavalli_fiscali: empty,
    descrizione_trazione: '',
    desc_motore: '',
    hp: empty,
    consumo_medio: empty,
    kw: empty,
    euro: '',
    emissioni_co2: empty,
    descrizione_cambio: 'manuale',
    larghezza: empty,
    lunghezza: empty,
    bagagliaio: empty,
    posti: empty,
    porte: empty,
  };
}

/**
 * Add or edit a custom version (account spec §2 "Car selector"): every field but
 * neo_patentati is required. A catalogue car opens read-only, with a close button only.
 */
export function CustomCarModal({
  open,
  car,
  seed,
  onClose,
  onSaved,
}: {
  open: boolean;
  car: Car | null;
  seed: { brand?: string; modello?: string; vehicleType?: string };
  onClose: () => void;
  onSaved: (car: Car) => void;
}) {
  const t = it.catalog;
  const readOnly = car !== null && !car.editable;
  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className="custom-car-modal">
      <IonHeader>
        <IonToolbar>
          <IonTitle>{readOnly ? `${car.brand} ${car.modello}` : t.car.modalTitle}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {open && (readOnly ? <CarSheet car={car} onClose={onClose} /> : <CustomCarForm car={car} seed={seed} onClose={onClose} onSaved={onSaved} />)}
      </IonContent>
    </IonModal>
  );
}

function CarSheet({ car, onClose }: { car: Car; onClose: () => void }) {
  const f = it.catalog.carFields;
  const u = it.catalog.carSheet;
  // Every figure with its unit and every slug with its label (core/car-format.ts): '3.686 mm', 'City car'.
  const rows: [string, string][] = [
    [f.allestimento, car.allestimento],
    [f.category, slugLabel(car.category)],
    [f.fuel, slugLabel(car.fuel)],
    [f.descrizione_cambio, slugLabel(car.descrizione_cambio)],
    [u.cilindrata, formatMeasure(car.cilindrata, 'cc')],
    [u.power, formatPower(car.hp, car.kw)],
    [f.descrizione_trazione, car.descrizione_trazione],
    [u.consumo_medio, formatConsumption(car.consumo_medio, car.fuel === 'elettrica')],
    [u.emissioni_co2, formatMeasure(car.emissioni_co2, 'g/km')],
    [u.lunghezza, formatMeasure(car.lunghezza, 'mm')],
    [u.larghezza, formatMeasure(car.larghezza, 'mm')],
    [u.bagagliaio, formatMeasure(car.bagagliaio, 'l')],
    [f.posti, formatNumber(car.posti)],
    [f.porte, formatNumber(car.porte)],
  ];
  return (
    <>
      <p className="catalog-hint">{it.catalog.car.readOnly}</p>
      <dl className="car-sheet">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v || '—'}</dd>
          </div>
        ))}
      </dl>
      <Button onClick={onClose}>{it.common.close}</Button>
    </>
  );
}

function CustomCarForm({
  car,
  seed,
  onClose,
  onSaved,
}: {
  car: Car | null;
  seed: { brand?: string; modello?: string; vehicleType?: string };
  onClose: () => void;
  onSaved: (car: Car) => void;
}) {
  const f = it.catalog.carFields;
  const form = useForm<CustomCarForm, unknown, CustomCarInput>({
    resolver: zodResolver(CustomCarInputSchema),
    defaultValues: valuesOf(car, seed),
    mode: 'onChange',
  });
  const online = useCatalogueOnline();
  const mutation = useWrite({
    mutationFn: (v: CustomCarInput, key) => saveCustomCar(car?.id ?? null, v, key),
    onSuccess: onSaved,
    onError: (err) => applyServerErrors(err, form.setError),
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        // The modal sits inside the offer form in React's tree: its submit must not submit the offer too.
        e.stopPropagation();
        void form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)(e);
      }}
      className="custom-car-form"
      data-testid="custom-car-form"
    >
      <div className="form-grid">
        <TextField control={form.control} name="brand" label={f.brand} maxlength={60} />
        <TextField control={form.control} name="modello" label={f.modello} maxlength={80} />
        <TextField control={form.control} name="allestimento" label={f.allestimento} maxlength={120} />
        <SelectField control={form.control} name="category" label={f.category} options={slugOptions(CAR_CATEGORIES)} />
        <SelectField control={form.control} name="fuel" label={f.fuel} options={slugOptions(CAR_FUELS)} />
        <SelectField control={form.control} name="segmento" label={f.segmento} options={slugOptions(CAR_SEGMENTS)} />
        <SelectField control={form.control} name="descrizione_cambio" label={f.descrizione_cambio} options={slugOptions(CAR_GEARBOXES)} />
        <TextField control={form.control} name="descrizione_trazione" label={f.descrizione_trazione} maxlength={60} />
        <TextField control={form.control} name="desc_motore" label={f.desc_motore} maxlength={120} />
        <TextField control={form.control} name="euro" label={f.euro} maxlength={10} />
        <NumberField control={form.control} name="consumo_medio" label={f.consumo_medio} maxlength={5} decimal />
        {NUMBER_FIELDS.map((n) => (
          <NumberField key={n} control={form.control} name={n} label={f[n]} maxlength={6} />
        ))}
      </div>
      <CheckboxField control={form.control} name="neo_patentati">
        {f.neo_patentati}
      </CheckboxField>
      <FormError error={mutation.error} />
      <div className="catalog-actions">
        <OfflineNotice />
        <SubmitButton disabled={!online || mutation.isPending} data-testid="custom-car-save">
          {it.catalog.car.save}
        </SubmitButton>
        <Button fill="clear" onClick={onClose}>
          {it.common.cancel}
        </Button>
      </div>
    </form>
  );
}
