import '../screen-styles';
// The details' and reviews' CSS is linked with the route (in the head, with the HTML), although
// their code is a chunk of its own that arrives after the buy box has hydrated.
import './product-declarations.module.css';
import './reviews/product-reviews.module.css';
import {
  CATEGORY_LABELS,
  chooseVariantMessage,
  DEFAULT_MAX_LINE_QUANTITY,
  findVariant,
  formatINR,
  salePrice,
  variantImages,
  type Product,
  type SignedLinkAnswer,
} from '@bagshop/domain';
import { Anchor, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconBolt, IconShoppingCartPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { DeliveryCheck, type DeliveryAnswer } from '../../../components/delivery-check';
import { EmiPlans } from '../../../components/emi-plans';
import { config } from '../../../lib/config';
import button from '../../../components/plain-button.module.css';
import { QuantityInput } from '../../../components/quantity-input';
import { ReturnsTerm, SoldBy, WarrantyTerm } from '../../../components/sold-by';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { useSession } from '../../../lib/session';
import { takeThenToken } from '../../../lib/sign-in-first';
import { stockNote } from '../lib/badges';
import { PriceBlock } from './price-block';
import { ProductBadges } from './product-badges';
import { ProductGallery } from './product-gallery';
import classes from './product-page.module.css';
import { ACCENT } from '../lib/colors';
import { RatingSummary } from '../../../components/rating-stars';
import { VariantPicker } from './variant-picker';
import { NotifyMe, createAlert } from './notify-me';
import { WishlistHeart } from '../../../components/wishlist-heart';
import { setWishlisted } from '../../../lib/wishlist';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

// Below the buy box, each in its own chunk and Suspense boundary: drawn by the server with the
// page, hydrated after the first pass (the gallery and the buy box), so a tap on Add to cart or
// the quantity never waits for them (docs/decisions/0036-what-hydrates-when.md). Until a chunk
// is in, React keeps the server's markup.
const ProductDetails = lazy(() => import('./product-details'));
const ProductReviews = lazy(() => import('./reviews/product-reviews').then((m) => ({ default: m.ProductReviews })));

/** The product page; the product comes from the route's loader (web/src/app/routes/product.tsx). */
export default function ProductPage({
  product,
  delivery,
  notified,
}: {
  product: Product;
  delivery?: DeliveryAnswer;
  notified?: SignedLinkAnswer<{ message: string }>;
}) {
  return <ProductDetail product={product} delivery={delivery} notified={notified} />;
}

/**
 * The choice of size and colour (docs/variants.md): from `?variant=<id>` (which the server-drawn
 * page honours too), changed by the picker, which writes the URL back once the choice is full.
 */
function useVariantChoice(product: Product) {
  const [params, setParams] = useSearchParams();
  const variants = product.variants ?? [];
  const options = product.options ?? [];
  const fromUrl = variants.find((v) => v._id === params.get('variant'));
  const [chosen, setChosen] = useState<Record<string, string>>(() => ({ ...(fromUrl?.options ?? {}) }));
  const variant = options.length === 0 ? variants[0] : findVariant(variants, chosen);
  const missing = options.filter((o) => chosen[o.name] === undefined);
  const choose = (name: string, value: string) => {
    const next = { ...chosen, [name]: value };
    setChosen(next);
    const match = findVariant(variants, next);
    const url = new URLSearchParams(params);
    if (match) url.set('variant', match._id);
    else url.delete('variant');
    setParams(url, { replace: true });
  };
  const hrefFor = (variantId: string) => {
    const url = new URLSearchParams(params);
    if (variantId) url.set('variant', variantId);
    return `?${url.toString()}`;
  };
  return { chosen, choose, hrefFor, variant, missing, hasOptions: options.length > 0 };
}

function ProductDetail({
  product,
  delivery,
  notified,
}: {
  product: Product;
  delivery?: DeliveryAnswer;
  notified?: SignedLinkAnswer<{ message: string }>;
}) {
  const { add, buyNow, pendingId } = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const quantityInput = useRef<HTMLInputElement>(null);
  // A quantity typed before the app took the page over is the shopper's: keep it.
  useEffect(() => {
    const typed = Number.parseInt(quantityInput.current?.value ?? '', 10);
    if (Number.isInteger(typed) && typed >= 1) setQuantity(typed);
  }, []);
  const [asked, setAsked] = useState(false);
  const { chosen, choose, hrefFor, variant, missing, hasOptions } = useVariantChoice(product);
  // Price, stock and pictures follow the chosen variant; before a full choice, the product's "from" and total.
  const offer = variant ?? product;
  const shown = useMemo(
    () =>
      variant
        ? { ...product, images: variantImages(variant, product.images), image: variantImages(variant, product.images)[0] ?? product.image }
        : product,
    [product, variant],
  );
  const soldOut = offer.stock <= 0;
  const note = stockNote(offer.stock);
  const label = CATEGORY_LABELS[product.category];
  // The server's per-line limit (MAX_LINE_QUANTITY) defaults to DEFAULT_MAX_LINE_QUANTITY.
  const maxQty = Math.max(1, Math.min(offer.stock, DEFAULT_MAX_LINE_QUANTITY));
  const qty = Math.min(Math.max(1, quantity), maxQty);
  // Add to cart and Buy Now wait for a full choice and say which option is missing.
  const incomplete = hasOptions && (missing.length > 0 || !variant);
  const missingMessage = chooseVariantMessage(missing.length ? missing : (product.options ?? []));
  // Add to cart or Buy Now sent before the app ran comes back here after sign-in
  // (`?then=add|buy&qty=&t=`, web/src/app/routes/product.tsx): done once the session is known, and
  // only with the token the action left in this browser (a link carrying `then=` adds nothing).
  const { user, firebaseUser, loading } = useSession();
  const [params, setParams] = useSearchParams();
  const then = params.get('then');
  const thenQty = Number.parseInt(params.get('qty') ?? '1', 10) || 1;
  const signedIn = Boolean(user ?? firebaseUser);
  const pending = useRef(false);
  useEffect(() => {
    if (!then || loading || pending.current) return;
    pending.current = true;
    const next = new URLSearchParams(params);
    next.delete('then');
    next.delete('qty');
    next.delete('t');
    setParams(next, { replace: true });
    if (!takeThenToken(params.get('t')) || !signedIn) return;
    const quantity = Math.min(Math.max(1, thenQty), maxQty);
    const variantId = hasOptions ? variant?._id : undefined;
    const uid = user?._id ?? firebaseUser?.uid;
    // The heart or "Notify me" sent before the app ran (docs/comeback.md).
    if (then === 'wishlist' && uid)
      void setWishlisted(uid, product._id, variantId, true).then(
        () => notify.success('Saved to your wishlist'),
        (error: unknown) => notify.error(errorMessage(error)),
      );
    else if (then === 'notify')
      void createAlert({ productId: product._id, ...(variantId ? { variantId } : {}) }).then(
        (text) => notify.success(text),
        (error: unknown) => notify.error(errorMessage(error)),
      );
    else if (then === 'buy') void buyNow(product._id, quantity, variantId);
    else void add(product._id, quantity, variantId);
  }, [then, loading, signedIn, params, setParams, thenQty, maxQty, hasOptions, variant, buyNow, add, product._id, user, firebaseUser]);
  const act = (action: 'add' | 'buy') => {
    if (incomplete) {
      setAsked(true);
      return;
    }
    const variantId = hasOptions ? variant?._id : undefined;
    if (action === 'add') void add(product._id, qty, variantId);
    else void buyNow(product._id, qty, variantId);
  };

  return (
    <Container size="xl" py="xl">
      <nav aria-label="Breadcrumb" className={classes.breadcrumb}>
        <ol>
          <li>
            <Anchor component={Link} to="/" c="blue.8" inherit>
              Home
            </Anchor>
          </li>
          <li>
            <Anchor component={Link} to={`/${product.category}`} c="blue.8" inherit>
              {label}
            </Anchor>
          </li>
          {/* One line at any width: a long name ends in an ellipsis; its full text is the title. */}
          <li className={classes.current} aria-current="page" title={product.name}>
            {product.name}
          </li>
        </ol>
      </nav>
      <Grid gap={{ base: 'lg', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ProductGallery key={shown.image.url} product={shown} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <ProductBadges product={{ ...product, price: offer.price, discount: offer.discount }} size="md" />
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Title order={1} fz={{ base: 26, md: 34 }} lh={1.2}>
                {product.name}
              </Title>
              {(!hasOptions || variant) && (
                <WishlistHeart productId={product._id} variantId={hasOptions ? variant?._id : undefined} productName={product.name} />
              )}
            </Group>
            {product.rating?.count ? (
              <Anchor href="#reviews" c="inherit" underline="never" w="fit-content">
                <RatingSummary rating={product.rating} />
              </Anchor>
            ) : null}
            {hasOptions && !variant && (
              <Text fz="sm" c="gray.7" data-testid="from-price">
                From
              </Text>
            )}
            <PriceBlock price={offer.price} discount={offer.discount} size="lg" />
            <Text fz="sm" c="gray.7" data-testid="mrp">
              MRP {formatINR(offer.price)} inclusive of all taxes · Free shipping on all orders
            </Text>
            {config.paymentProvider === 'razorpay' && <EmiPlans amountPaise={salePrice(offer.price, offer.discount) * 100} />}
            {hasOptions && (
              <VariantPicker
                product={product}
                chosen={chosen}
                hrefFor={hrefFor}
                onChoose={(name, value) => {
                  setAsked(false);
                  choose(name, value);
                }}
              />
            )}
            {variant && hasOptions && (
              <Text fz="xs" c="gray.7" data-testid="variant-sku">
                SKU {variant.sku}
              </Text>
            )}
            <Text fw={700} c={soldOut ? 'red.9' : note ? ACCENT.warm : ACCENT.saving} data-testid="stock-state">
              {note ?? 'In stock'}
            </Text>
            {asked && incomplete && (
              <Text c="red.9" fw={600} role="alert" data-testid="choose-variant">
                {missingMessage}
              </Text>
            )}
            {/* A real form (docs/decisions/0034-react-router-framework-mode.md): before the app has
                taken the page over it is sent to the route's action (a visitor is asked to sign in
                first, then comes back); once it has, the submit is handled here. */}
            <Form
              method="post"
              onSubmit={(event) => {
                event.preventDefault();
                // Busy adding: a second tap adds nothing more.
                if (pendingId === product._id) return;
                const submitter = (event.nativeEvent as SubmitEvent).submitter;
                act(submitter?.getAttribute('value') === 'buy' ? 'buy' : 'add');
              }}
            >
              <Stack gap="md">
                {hasOptions && variant && <input type="hidden" name="variant" value={variant._id} />}
                {!soldOut && (
                  <QuantityInput
                    ref={quantityInput}
                    name="quantity"
                    label="Quantity"
                    value={qty}
                    onChange={setQuantity}
                    min={1}
                    max={maxQty}
                  />
                )}
                <Group gap="sm" grow maw={440}>
                  <button
                    className={`${button.button} ${button.md}`}
                    disabled={soldOut}
                    aria-busy={pendingId === product._id || undefined}
                    type="submit"
                    name="intent"
                    value="add"
                  >
                    {!soldOut && <IconShoppingCartPlus size={18} aria-hidden />}
                    {soldOut ? 'Out of stock' : 'Add to cart'}
                  </button>
                  {!soldOut && (
                    <button className={`${button.button} ${button.md} ${button.outline}`} type="submit" name="intent" value="buy">
                      <IconBolt size={18} aria-hidden />
                      Buy Now
                    </button>
                  )}
                </Group>
              </Stack>
            </Form>
            {soldOut && (!hasOptions || variant) && (
              <NotifyMe
                key={variant?._id ?? product._id}
                productId={product._id}
                variantId={hasOptions ? variant?._id : undefined}
                answered={notified}
              />
            )}
            <DeliveryCheck answer={delivery} />
            <Stack component="dl" gap={2} m={0} className={classes.facts} aria-label="Product details">
              <SoldBy />
              <ReturnsTerm returnable={product.returnable !== false} reason={product.nonReturnableReason ?? ''} />
              <WarrantyTerm category={product.category} warrantyYears={product.warrantyYears} />
            </Stack>
            <Suspense fallback={null}>
              <ProductDetails product={product} variant={variant} />
            </Suspense>
          </Stack>
        </Grid.Col>
      </Grid>
      <Suspense fallback={null}>
        <ProductReviews product={product} />
      </Suspense>
    </Container>
  );
}
