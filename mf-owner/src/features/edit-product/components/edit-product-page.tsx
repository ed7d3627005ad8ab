import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'shared-kernel/router';
import { Form, useZodForm } from 'shared-kernel/forms';
import { usePageTitle } from 'shared-kernel/platform';
import type { ProductDetails, ProductImage } from 'shared-kernel/schemas';
import { useSession } from 'shared-kernel/session';
import { Box, Button, Heading, Loader, notify, Separator, Stack, Text } from 'shared-kernel/ui';
import { ConfirmDialog } from 'shared-kernel/overlays';
import { ImagePicker, moveFirst } from '../../../components/image-picker/image-picker';
import { BusinessExtras, DescriptionFields, PriceFields, TechnicalFieldsSection } from '../../../components/product-form/general-section';
import { LocationFields } from '../../../components/product-form/location-fields';
import {
  formFromProduct,
  PRICE_TIERS,
  productFields,
  productFormSchema,
  serviceInput,
  type Owner,
  type ProductFormValues,
  type ServiceRow,
} from '../../../components/product-form/model/product-form-model';
import { ServicesFields } from '../../../components/product-form/services-section';
import { TimeFields } from '../../../components/product-form/time-section';
import { WizardStepper } from '../../../components/product-form/wizard-stepper';
import { ownerTexts } from '../../../messages/et';
import { addServiceMutationOptions } from '../api/add-service';
import { deleteImageMutationOptions } from '../api/delete-image';
import { deleteServiceMutationOptions } from '../api/delete-service';
import { productDetailsQueryOptions } from '../api/get-product-details';
import { saveImageOrderMutationOptions } from '../api/save-image-order';
import { updateProductMutationOptions } from '../api/update-product';
import { updateServiceMutationOptions } from '../api/update-service';

const t = ownerTexts.editProduct;
const w = ownerTexts.wizard;
const MY_PRODUCTS = '/auth/my-products';
const schema = productFormSchema({ requireImages: false, startAfterEnd: t.startAfterEnd });
const GENERAL_FIELDS = [
  'name',
  'parentCategoryId',
  'categoryId',
  'description',
  'priceDaily',
  ...PRICE_TIERS,
  'cost',
  'technical',
  'productCode',
  'automaticallyApprovedTxt',
  'lon',
] as const;
const TIME_FIELDS = ['startTs', 'endTs'] as const;
const GENERAL = 0;
const SERVICES = 1;
const IMAGES = 2;
const TIME = 3;

/** `/auth/edit-product/:id` (owner spec 2): four steps chosen by click; only the owner gets here. */
export function EditProductPage() {
  usePageTitle(t.title);
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const user = useSession((s) => s.user);
  const details = useQuery({ ...productDetailsQueryOptions(productId), enabled: valid && Boolean(user) });

  if (!valid) return <Navigate to={MY_PRODUCTS} replace />;
  if (!user) return null;
  if (details.data) {
    if (details.data.userId !== user.id) return <Navigate to={MY_PRODUCTS} replace />;
    return <EditProductWizard product={details.data} owner={{ allowVat: user.allowVat, isBusiness: user.type === 'B2B' }} />;
  }
  if (details.isPending) return <Loader minH="40vh" label={t.title} />;
  return <Text role="alert">{t.notFound}</Text>;
}

function EditProductWizard({ product, owner }: { product: ProductDetails; owner: Owner }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(GENERAL);
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm(schema, { defaultValues: formFromProduct(product, owner), mode: 'onChange' });
  const update = useMutation(updateProductMutationOptions());

  async function askToSave() {
    const ok = await form.trigger([...GENERAL_FIELDS, ...TIME_FIELDS]);
    if (ok) return setConfirming(true);
    form.setValue('endTs', form.getValues('endTs'), { shouldTouch: true });
    // The general step's save must not fail silently on a time rule the owner cannot see.
    const { errors } = form.formState;
    if (!GENERAL_FIELDS.some((f) => f in errors)) setStep(TIME);
  }

  async function save(values: ProductFormValues) {
    try {
      await update.mutateAsync({ id: product.id, body: productFields(values, owner) });
      setConfirming(false);
      notify({ type: 'success', message: t.saved });
      void navigate(MY_PRODUCTS);
    } catch {
      setConfirming(false);
      notify({ type: 'warning', message: t.saveFailed });
    }
  }

  const saveButton = (
    <Button colorPalette="brand" alignSelf="end" onClick={() => void askToSave()}>
      {w.save}
    </Button>
  );

  return (
    <Box w="100%" maxW="4xl">
      <Heading as="h1" size="2xl" mb={1}>
        {t.title}
      </Heading>
      <Text fontSize="lg" mb={4}>
        {product.name}
      </Text>
      <WizardStepper steps={t.steps} current={step} onSelect={setStep} label={t.title} />
      <Form form={form} onSubmit={save} aria-label={t.title}>
        <Stack gap={6}>
          <Heading as="h2" size="lg">
            {t.steps[step]}
          </Heading>
          {step === GENERAL ? (
            <Stack gap={6}>
              <DescriptionFields />
              <LocationFields />
              <TechnicalFieldsSection />
              <PriceFields owner={owner} />
              {owner.isBusiness ? <BusinessExtras /> : null}
              <Separator />
              {saveButton}
            </Stack>
          ) : null}
          {step === SERVICES ? <EditServices productId={product.id} form={form} owner={owner} /> : null}
          {step === IMAGES ? <EditImages productId={product.id} initial={product.images} /> : null}
          {step === TIME ? (
            <Stack gap={6}>
              <TimeFields />
              <Separator />
              {saveButton}
            </Stack>
          ) : null}
        </Stack>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t.confirmTitle}
          cancelLabel={t.cancel}
          closeLabel={t.cancel}
          confirmLabel={t.confirm}
          busy={update.isPending}
          onConfirm={() => void form.handleSubmit(save)()}
        >
          {t.confirmText}
        </ConfirmDialog>
      </Form>
    </Box>
  );
}

type WizardForm = ReturnType<typeof useZodForm<typeof schema>>;

/** Services are saved row by row (spec 4): update with an id, else add; delete from the server when it has one. */
function EditServices({ productId, form, owner }: { productId: number; form: WizardForm; owner: Owner }) {
  const add = useMutation(addServiceMutationOptions());
  const change = useMutation(updateServiceMutationOptions());
  const remove = useMutation(deleteServiceMutationOptions());

  async function onSave(row: ServiceRow, index: number) {
    try {
      const body = serviceInput(row, owner);
      if (row.id !== undefined) await change.mutateAsync({ productId, serviceId: row.id, body });
      else {
        const saved = await add.mutateAsync({ productId, body });
        form.setValue(`services.${index}.id`, saved.id);
      }
      notify({ type: 'success', message: t.serviceSaved });
    } catch {
      notify({ type: 'warning', message: t.serviceFailed });
    }
  }

  async function onDelete(row: ServiceRow) {
    if (row.id === undefined) return;
    try {
      await remove.mutateAsync({ productId, serviceId: row.id });
      notify({ type: 'success', message: t.serviceDeleted });
    } catch {
      notify({ type: 'warning', message: t.serviceFailed });
    }
  }

  return (
    <ServicesFields
      owner={owner}
      onSave={(row, index) => void onSave(row, index)}
      onDelete={onDelete}
      busy={add.isPending || change.isPending}
    />
  );
}

const fileNameOf = (image: ProductImage) => image.url.split('/').pop() ?? image.url;

/** Images (spec 4): upload while fewer than 4, then the order is saved; move to cover; delete. */
function EditImages({ productId, initial }: { productId: number; initial: ProductImage[] }) {
  const [images, setImages] = useState(initial);
  const order = useMutation(saveImageOrderMutationOptions());
  const drop = useMutation(deleteImageMutationOptions());

  async function saveOrder(names: string[]) {
    try {
      const saved = await order.mutateAsync({ productId, body: names.map((fileName, i) => ({ fileName, order: i })) });
      setImages(saved.images);
      notify({ type: 'success', message: t.imagesOk });
    } catch {
      notify({ type: 'warning', message: t.imagesFailed });
    }
  }

  async function remove(index: number) {
    const image = images[index];
    try {
      const saved = await drop.mutateAsync({ productId, imageId: image.id });
      setImages(saved.images);
      notify({ type: 'success', message: t.imagesOk });
    } catch {
      setImages((list) => list.filter((i) => i.id !== image.id));
      notify({ type: 'warning', message: t.imagesFailed });
    }
  }

  const names = images.map(fileNameOf);
  return (
    <ImagePicker
      images={images.map((image) => ({ key: String(image.id), url: image.url }))}
      disabled={order.isPending || drop.isPending}
      onUploaded={(uploaded) => saveOrder([...names, ...uploaded])}
      onMakeFirst={(index) => void saveOrder(moveFirst(names, index))}
      onRemove={(index) => void remove(index)}
    />
  );
}
