// The pages behind a message's signed link (docs/comeback.md): the one-click unsubscribe and a
// visitor's alert confirmation. Drawn by the function; the button is a plain POST form, so it
// works without JavaScript and without signing in.
import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import type { AlertConfirmView, SignedLinkAnswer, UnsubscribeView } from '@bagshop/domain';
import { Form, Link } from 'react-router';
import button from '../../../components/plain-button.module.css';

function BadLink({ message }: { message: string }) {
  return (
    <Alert color="red" title="This link cannot be used" role="alert">
      <Text>{message}</Text>
      <Text mt="xs">
        <Anchor component={Link} to="/profile" c="blue.8">
          Your message choices in your profile
        </Anchor>
      </Text>
    </Alert>
  );
}

export function UnsubscribePage({ answer, done }: { answer: SignedLinkAnswer<UnsubscribeView>; done: boolean }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Unsubscribe</Title>
        {!answer.ok ? (
          <BadLink message={answer.message} />
        ) : done ? (
          <Alert color="green" title="Done" role="status" data-testid="unsubscribed">
            <Text>{answer.view.what}: withdrawn. You will not get them any more.</Text>
            <Text mt="xs">Messages about your orders and your account still come: they need no consent.</Text>
          </Alert>
        ) : (
          <>
            <Text data-testid="unsubscribe-what">
              This stops: <strong>{answer.view.what}</strong>.
            </Text>
            {!answer.view.granted && <Text c="gray.7">It is already off; pressing the button changes nothing.</Text>}
            <Text c="gray.7" fz="sm">
              Messages about your orders and your account still come: they need no consent. You can change every choice in your profile.
            </Text>
            <Form method="post">
              <button className={`${button.button} ${button.md}`} type="submit" name="List-Unsubscribe" value="One-Click">
                Unsubscribe
              </button>
            </Form>
          </>
        )}
      </Stack>
    </Container>
  );
}

export function AlertConfirmPage({ answer }: { answer: SignedLinkAnswer<AlertConfirmView> | null }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Back-in-stock alert</Title>
        {answer === null ? (
          <>
            <Text>Confirm that you want one email when this bag is back in stock. Nothing is sent until you confirm.</Text>
            <Form method="post">
              <button className={`${button.button} ${button.md}`} type="submit">
                Confirm the alert
              </button>
            </Form>
          </>
        ) : answer.ok ? (
          <Alert color="green" title="Your alert is on" role="status" data-testid="alert-confirmed">
            <Text>
              We will email you once when {answer.view.productName}
              {answer.view.variantLabel ? ` (${answer.view.variantLabel})` : ''} is back in stock. Each mail has a link to stop.
            </Text>
            <Text mt="xs">
              <Anchor component={Link} to={`/product/${encodeURIComponent(answer.view.productId)}`} c="blue.8">
                See the bag
              </Anchor>
            </Text>
          </Alert>
        ) : (
          <BadLink message={answer.message} />
        )}
      </Stack>
    </Container>
  );
}
