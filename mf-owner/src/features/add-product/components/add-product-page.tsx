import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'shared-kernel/router';
import { isApiError } from 'shared-kernel/api';
import { Form, FORM_ERROR, FormError, serverError, useFormContext, useFormState, useWatch, useZodForm } from 'shared-kernel/forms';
import { usePageTitle } from 'shared-kernel/platform';
import { useDerivedSession, useSession } from 'shared-kernel/session';
import { Box, Button, Flex, Heading, notify, Separator, Stack } from 'shared-kernel/ui';
import { fileUrl } from '../../../components/image-picker/api/upload-images';
import { ImagePicker, moveFirst } from '../../../components/image-picker/image-picker';
import { BusinessExtras, DescriptionFields, PriceFields, TechnicalFieldsSection } from '../../../components/product-form/general-section';
import { LocationFields } from '../../../components/product-form/location-fields';
import {
  ADD_STEP_FIELDS,
  emptyProductForm,
  newProductRequest,
  productFormSchema,
  type Owner,
  type ProductFormValues,
} from '../../../components/product-form/model/product-form-model';
import { ServicesFields } from '../../../components/product-form/services-section';
import { TimeFields } from '../../../components/product-form/time-section';
import { WizardStepper } from '../../../components/product-form/wizard-stepper';
import { ownerTexts } from '../../../messages/et';
import { createProductMutationOptions } from '../api/create-product';

const t = ownerTexts.addProduct;
const w = ownerTexts.wizard;
const PROFILE = '/auth/user-profile';
const MY_PRODUCTS = '/auth/my-products';
const schema = productFormSchema({ requireImages: true, startAfterEnd: t.startAfterEnd });

/** `/auth/add-product` (owner spec 2): the four-step wizard of a new product. */
export function AddProductPage() {
  usePageTitle(t.title);
  const user = useSession((s) => s.user);
  const { needsVerification } = useDerivedSession();
  const navigate = useNavigate();

  // Users who must verify their identity cannot add products (spec 2, 6).
  useEffect(() => {
    if (!user || !needsVerification) return;
    notify({ type: 'info', message: t.needsVerification });
    void navigate(PROFILE, { replace: true });
  }, [user, needsVerification, navigate]);

  if (!user || needsVerification) return null;
  return <AddProductWizard owner={{ allowVat: user.allowVat, isBusiness: user.type === 'B2B' }} />;
}

function AddProductWizard({ owner }: { owner: Owner }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const form = useZodForm(schema, { defaultValues: emptyProductForm(), mode: 'onChange' });
  const create = useMutation(createProductMutationOptions());
  const last = step === t.steps.length - 1;

  async function next() {
    const ok = await form.trigger([...ADD_STEP_FIELDS[step]] as (keyof ProductFormValues)[]);
    if (ok) return setStep((s) => s + 1);
    // Touched, so a change of the start time checks the end time's rule again (and clears it).
    form.setValue('endTs', form.getValues('endTs'), { shouldTouch: true });
  }

  async function save(values: ProductFormValues) {
    try {
      await create.mutateAsync(newProductRequest(values, owner));
      notify({ type: 'success', message: t.saved });
      void navigate(MY_PRODUCTS);
    } catch (error) {
      form.setError(FORM_ERROR, serverError(isApiError(error) ? error.message : w.loadFailed));
    }
  }

  return (
    <Box w="100%" maxW="4xl">
      <Heading as="h1" size="2xl" mb={4}>
        {t.title}
      </Heading>
      <WizardStepper steps={t.steps} current={step} label={t.title} />
      <Form form={form} onSubmit={save} aria-label={t.title}>
        <Stack gap={6}>
          <Heading as="h2" size="lg">
            {t.steps[step]}
          </Heading>
          {step === 0 ? (
            <Stack gap={6}>
              <DescriptionFields />
              <AddImages />
              <PriceFields owner={owner} />
              <TechnicalFieldsSection />
              {owner.isBusiness ? <BusinessExtras /> : null}
            </Stack>
          ) : null}
          {step === 1 ? <TimeFields /> : null}
          {step === 2 ? <LocationFields /> : null}
          {step === 3 ? <ServicesFields owner={owner} /> : null}
          <FormError testId="add-product-error" />
          <Separator />
          <Flex gap={3} justify="space-between">
            {step > 0 ? (
              <Button variant="outline" onClick={() => setStep((s) => s - 1)}>
                {w.back}
              </Button>
            ) : (
              <span />
            )}
            {last ? (
              // Keyed apart from 'Edasi': React must not turn the button just clicked into a submit button.
              <Button key="save" type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
                {w.save}
              </Button>
            ) : (
              <Button key="next" type="button" colorPalette="brand" onClick={() => void next()}>
                {w.next}
              </Button>
            )}
          </Flex>
        </Stack>
      </Form>
    </Box>
  );
}

/** The add wizard's images: uploaded at once, kept as stored names in the form. */
function AddImages() {
  const images = useWatch<ProductFormValues, 'images'>({ name: 'images' });
  const { errors } = useFormState<ProductFormValues>({ name: 'images' });
  const { setValue } = useFormContext<ProductFormValues>();
  const set = (next: string[]) => setValue('images', next, { shouldDirty: true, shouldValidate: true });
  return (
    <ImagePicker
      images={images.map((name) => ({ key: name, url: fileUrl(name) }))}
      error={errors.images?.message}
      onUploaded={(names) => {
        set([...images, ...names]);
        notify({ type: 'success', message: w.uploadOk });
      }}
      onRemove={(index) => set(images.filter((_, i) => i !== index))}
      onMakeFirst={(index) => set(moveFirst(images, index))}
    />
  );
}
