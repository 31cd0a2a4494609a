import { seriesWeekLabel } from '@playtime/shared/domain/games/rules';
import { Alert, Badge, Button, Card, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { checkedInLabel, RELIABLE_PLAYERS_ONLY_LABEL } from '@playtime/shared/contract/attendance-texts';
import { CALENDAR_TEXTS, GAME_CALENDAR_PATH } from '@playtime/shared/contract/calendar';
import { rooms } from '@playtime/shared/contract/rooms';
import type { Team } from '@playtime/shared/domain/games/events';
import { ORGANIZER_NOT_ON_WAITLIST } from '@playtime/shared/domain/games/messages';
import { REGULARS_FIRST_CODE } from '@playtime/shared/domain/games/policies/regulars-first';
import { NO_ROOM_FOR_GUESTS_CODE } from '@playtime/shared/contract/guests-texts';
import { gameStream } from '@playtime/shared/domain/games/streams';
import { IconArrowLeft, IconCalendarPlus, IconClockHour4, IconRefresh, IconShare } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LazyDrawer, LazyModal, WhenFirstOpened } from '../../components/lazy-dialogs';
import { PoliteAnnouncement, useAnnouncedChanges } from '../../components/polite-announcement';
import { useServerClock } from './play/server-clock';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/notify';
import { formatDollars } from '../../utils/money';
import { durationLabel, playerCountLabel } from '../../utils/game-timing';
import { formatPrice } from '../../utils/money';
import { GuestsPicker, guestsOfChoice, NO_GUESTS, type GuestsChoice } from './play/guests-picker';
import { loadAsOfPanel } from '../../components/as-of-panel';
import { useAuth } from '../../lib/auth';
import { checkout, PaymentDialog } from '../../components/checkout';
import { useLiveRoom } from '../../hooks/use-live-room';
import { RosterAnnouncer } from './play/roster-announcer';
import { useCurrentUser } from '../../lib/current-user';
import {
  useAcceptSpot,
  useDeclineSpot,
  useGameData,
  useJoinGame,
  useJoinWaitlist,
  useLeaveWaitlist,
  type LoadedGame,
} from './api/play';
import { playKeys } from './api/query-keys';
import {
  cancellationMessage,
  joinFailureMessage,
  LEAVE_CONFIRMATION,
  LEAVE_FAILED,
  REMOVED_BY_ORGANIZER,
  REMOVED_FROM_FREE_GAME,
  REMOVED_HOLD_RELEASED,
  GUEST_JOIN_HINT,
} from './play/messages';
import { RemovedPlayers } from './play/removed-players';
import { regularsNotice, SeriesRegulars } from './play/series-regulars';
import { Pitch } from './play/pitch';
import {
  GAME_FULL_JOIN_WAITLIST,
  gameIsFull,
  inLineText,
  onWaitlistText,
  openSpots,
  placeOf,
  teamsAreFull,
} from './play/waiting';
import { MinimumPlayers } from './play/minimum-players-notice';
import { OfferAlert, OfferAnnouncer, WaitingLists } from './play/waiting-lists';
import { countdownAt, type Countdown, type PlayClock } from './play/play-time';
import { FailureAlert } from '../../components/failure-alert';
import { Loading } from '../../components/loading';
import { attendanceMarksOpen, checkInOpen, minReliabilityText, showsCheckInCount } from './check-in/attendance';
import { CheckInControl } from './check-in/check-in-control';
import type { RefundDestination } from '@playtime/shared/contract/credit-texts';
import { checkoutWithCredit, useCreditBalance, useLeaveGame } from './api/credit';
import { LeaveTerms } from './payments/leave-terms';

// What only some visitors open is loaded when first opened, not with the page: the QR code, the card
// form, the admin's as-of panel, the organizer's Manage dialog (and the dialog frames, lazy-dialogs.tsx).
const ManageDialog = lazy(() => import('./play/manage-dialog').then((module) => ({ default: module.ManageDialog })));
const ShareDialog = lazy(() => import('./play/share-dialog').then((module) => ({ default: module.ShareDialog })));
// Issue #44: the organizer's code panel (with qrcode.react) and attendance marks, only to the organizer.
const CheckInCodePanel = lazy(() =>
  import('./check-in/check-in-code-panel').then((module) => ({ default: module.CheckInCodePanel })),
);
const AttendanceMarks = lazy(() =>
  import('./check-in/attendance-marks').then((module) => ({ default: module.AttendanceMarks })),
);
const AsOfPanel = lazy(() => loadAsOfPanel().then((module) => ({ default: module.AsOfPanel })));
// Issue #45: who has paid, only to the organizer (Mantine's Table with it).
const GamePaymentsTable = lazy(() =>
  import('./payments/game-payments-table').then((module) => ({ default: module.GamePaymentsTable })),
);

function countdownLine(countdown: Countdown): string {
  if (countdown.phase === 'live') return countdown.text;
  return countdown.phase === 'not-started' ? 'Game has not started yet.' : 'This game has ended.';
}

/** Says the countdown's line politely when the game starts or ends, not at every second's tick. */
function CountdownAnnouncer({ countdown }: { countdown: Countdown }) {
  const message = useAnnouncedChanges(countdown, countdown.phase, (_before, now) => [
    countdownLine(now).replace(/\.$/, ''),
  ]);
  return <PoliteAnnouncement message={message} testId="countdown-announcement" />;
}

/**
 * The countdown's line, ticking each second on its own: the rest of the page renders again only when
 * something it shows changes. Not a live region (it changes every second): the start and the end are announced.
 */
function CountdownLine({ clock }: { clock: PlayClock }) {
  const phase = useServerClock((nowMs) => countdownAt(nowMs, clock.startMs, clock.endMs).phase, clock.offsetMs);
  const text = useServerClock((nowMs) => countdownLine(countdownAt(nowMs, clock.startMs, clock.endMs)), clock.offsetMs);
  const countdown: Countdown = phase === 'live' ? { phase, text } : { phase };
  return (
    <>
      <Text mt={4} fw={600} c={phase === 'live' ? 'red.8' : 'dimmed'}>
        {text}
      </Text>
      <CountdownAnnouncer countdown={countdown} />
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Join, team and leave buttons of spec §2, for a game that has not ended and was not cancelled. */
function MembershipControls({ game, myTeam }: { game: LoadedGame; myTeam: Team | null }) {
  const auth = useAuth();
  const user = useCurrentUser();
  const join = useJoinGame(game.gameId);
  const leave = useLeaveGame(game.gameId);
  const acceptSpot = useAcceptSpot(game.gameId);
  const declineSpot = useDeclineSpot(game.gameId);
  const joinWaitlist = useJoinWaitlist(game.gameId);
  const leaveWaitlist = useLeaveWaitlist(game.gameId);
  const [failure, setFailure] = useState<string | null>(null);
  // Refused as a newcomer to a regulars-first week: the refusal offers the waitlist (issue #41).
  const [regularsFirst, setRegularsFirst] = useState(false);
  // Issue #45: refused as a party too big for the places left: the refusal offers the waitlist too.
  const [partyTooBig, setPartyTooBig] = useState(false);
  const [paying, setPaying] = useState(false);
  // Issue #45: the friends the player brings, on their one entry.
  const [guestsChoice, setGuestsChoice] = useState<GuestsChoice>(NO_GUESTS);
  const [confirmingLeave, confirmLeave] = useDisclosure(false);
  // Issue #45: where a refund within free cancellation goes.
  const [refundTo, setRefundTo] = useState<RefundDestination>('card');
  const full = game.playerCount >= game.max_players;
  const myId = user.data?.userId;
  const myLinePlace = myTeam === 0 ? placeOf(game.line, myId) : undefined;
  const myWaitlistPlace = myTeam === null ? placeOf(game.waitlist, myId) : undefined;
  // Issue #45: on the waitlist the party is the one the player waits with (the names the server kept);
  // otherwise it is the one picked for this join.
  const party = myWaitlistPlace ? { guests: myWaitlistPlace.guests } : guestsOfChoice(guestsChoice);
  const myPlacesOffer = myWaitlistPlace?.offer ? { ...myWaitlistPlace.offer, guests: myWaitlistPlace.guests } : null;
  const myOffer = myLinePlace?.offer ?? myPlacesOffer;
  const removal = myId ? game.removed.find((removed) => removed.userId === myId) : undefined;
  // A paid entry stays the player's after they leave: joining again takes no payment (DESIGN §8).
  const needsPayment = game.priceCents > 0 && !(myId && game.heldEntries.includes(myId));
  // A failure belongs to the membership it was about: when the page learns the player's new place
  // (e.g. the payment's webhook joined them after a lost join call), it is no longer true.
  const [failureTeam, setFailureTeam] = useState(myTeam);
  if (failureTeam !== myTeam) {
    setFailureTeam(myTeam);
    setFailure(null);
  }

  const joinFirst = (paymentId?: string) => {
    setFailure(null);
    join.mutate(
      { gameId: game.gameId, team: 0, paymentId, ...party },
      {
        onSuccess: () => setPaying(false),
        onError: (error) => {
          setFailure(joinFailureMessage(error, true));
          setRegularsFirst(error instanceof ApiError && error.code === REGULARS_FIRST_CODE);
          setPartyTooBig(error instanceof ApiError && error.code === NO_ROOM_FOR_GUESTS_CODE);
        },
      },
    );
  };
  // Issue #45: Playtime credit pays first; all of it joins with no card form, part of it leaves the card the rest.
  const credit = useCreditBalance(Boolean(user.data) && needsPayment).data ?? 0;
  // Issue #45: the host pays for their guests too (price × (1 + guests)).
  const partyPriceCents = game.priceCents * (1 + party.guests);
  const creditCents = Math.min(credit, partyPriceCents);
  const pay = () => {
    if (creditCents < partyPriceCents) return setPaying(true);
    setFailure(null);
    checkoutWithCredit({ price: partyPriceCents, purpose: { kind: 'entry', gameId: game.gameId, ...party } }).then(
      (answer) => ('paymentId' in answer ? joinFirst(answer.paymentId) : setPaying(true)),
      (error: unknown) => setFailure(errorMessage(error)),
    );
  };
  // The waiting commands' failures say the server's reason (an offer that expired, a game that filled).
  const waitingCommand = (command: {
    mutate: (input: undefined, options: { onError: (error: Error) => void }) => void;
  }) => {
    setFailure(null);
    command.mutate(undefined, { onError: (error) => setFailure(errorMessage(error)) });
  };
  const moveTo = (team: Team) => {
    setFailure(null);
    join.mutate({ gameId: game.gameId, team }, { onError: (error) => setFailure(joinFailureMessage(error, false)) });
  };

  const joinWaitlistButton = (
    <Button
      size="md"
      variant={regularsFirst || partyTooBig ? 'default' : 'filled'}
      onClick={() => {
        setFailure(null);
        joinWaitlist.mutate(party, { onError: (error) => setFailure(errorMessage(error)) });
      }}
      loading={joinWaitlist.isPending}
      disabled={!user.data}
    >
      Join the waitlist
    </Button>
  );
  const guestsPicker = game.guestsPerPlayer > 0 && user.data && (
    <GuestsPicker
      guestsPerPlayer={game.guestsPerPlayer}
      priceCents={needsPayment ? game.priceCents : 0}
      value={guestsChoice}
      onChange={setGuestsChoice}
    />
  );
  let buttons: ReactNode;
  if (!auth.isAuthenticated) {
    // A guest logs in and comes back to this page (the login keeps the address).
    buttons = (
      <Stack gap={4} align="flex-start">
        <Button size="md" onClick={() => void auth.login()} loading={auth.isLoading}>
          Join Game
        </Button>
        <Text c="dimmed" fz="sm">
          {GUEST_JOIN_HINT}
        </Text>
      </Stack>
    );
  } else if (removal) {
    buttons = (
      <Alert color="red" variant="light" role="status">
        {removal.entryReleased
          ? REMOVED_HOLD_RELEASED
          : removal.entryRefunded
            ? REMOVED_BY_ORGANIZER
            : REMOVED_FROM_FREE_GAME}
      </Alert>
    );
  } else if (myPlacesOffer) {
    buttons = (
      <OfferAlert
        offer={myPlacesOffer}
        clockOffsetMs={game.clockOffsetMs}
        actions={
          <>
            <Button onClick={() => (needsPayment ? pay() : joinFirst())} loading={join.isPending}>
              {needsPayment ? 'Join and pay' : 'Join Game'}
            </Button>
            <Button variant="default" onClick={() => waitingCommand(leaveWaitlist)} loading={leaveWaitlist.isPending}>
              Decline
            </Button>
          </>
        }
      />
    );
  } else if (myWaitlistPlace) {
    buttons = (
      <Stack gap="xs" align="flex-start">
        <Text fw={600} data-testid="my-place" role="status">
          {onWaitlistText(myWaitlistPlace.position)}
        </Text>
        <Button variant="default" onClick={() => waitingCommand(leaveWaitlist)} loading={leaveWaitlist.isPending}>
          Leave the waitlist
        </Button>
      </Stack>
    );
  } else if (myTeam === null && gameIsFull(game)) {
    // The organizer needs no waitlist of their own game (issue #41): they make room by managing it.
    // Issue #45: a host waits with their guests, picked as for a join; the offer will hold places for all.
    buttons =
      myId === game.organizer_id ? (
        <Text c="dimmed" fz="sm">
          {ORGANIZER_NOT_ON_WAITLIST}
        </Text>
      ) : (
        <Stack gap={4} align="flex-start">
          {guestsPicker}
          {joinWaitlistButton}
          <Text c="dimmed" fz="sm">
            {GAME_FULL_JOIN_WAITLIST}
          </Text>
        </Stack>
      );
  } else if (myTeam === null) {
    // A newcomer to a regulars-first week is told until when, and may wait on the waitlist meanwhile.
    buttons = (
      <Stack gap="sm" align="flex-start">
        {guestsPicker}
        <Group gap="xs" wrap="wrap">
          <Button
            size="md"
            onClick={() => (needsPayment ? pay() : joinFirst())}
            loading={join.isPending}
            disabled={!user.data}
          >
            Join Game
          </Button>
          {(regularsFirst || partyTooBig) && joinWaitlistButton}
        </Group>
      </Stack>
    );
  } else {
    const moves = (
      <Group gap="xs" wrap="wrap">
        <Button onClick={() => moveTo(1)} disabled={join.isPending || myTeam === 1 || (myTeam === 0 && full)}>
          Join Team 1
        </Button>
        <Button onClick={() => moveTo(2)} disabled={join.isPending || myTeam === 2 || (myTeam === 0 && full)}>
          Join Team 2
        </Button>
        <Button variant="light" onClick={() => moveTo(0)} disabled={join.isPending || myTeam === 0}>
          Join Sideline
        </Button>
        <Button color="red" variant="outline" onClick={confirmLeave.open} disabled={join.isPending}>
          Leave Game
        </Button>
      </Group>
    );
    buttons = myLinePlace?.offer ? (
      <Stack gap="sm">
        <OfferAlert
          offer={myLinePlace.offer}
          clockOffsetMs={game.clockOffsetMs}
          actions={
            <>
              <Button onClick={() => waitingCommand(acceptSpot)} loading={acceptSpot.isPending}>
                Accept
              </Button>
              <Button variant="default" onClick={() => waitingCommand(declineSpot)} loading={declineSpot.isPending}>
                Decline
              </Button>
            </>
          }
        />
        {moves}
      </Stack>
    ) : myLinePlace && teamsAreFull(game) ? (
      <Stack gap="xs">
        <Text fw={600} data-testid="my-place" role="status">
          {inLineText(myLinePlace.position)}
        </Text>
        {moves}
      </Stack>
    ) : (
      moves
    );
  }

  return (
    <Stack gap="sm">
      {buttons}
      <OfferAnnouncer offer={myOffer} clockOffsetMs={game.clockOffsetMs} />
      <FailureAlert failure={failure} />
      <WhenFirstOpened opened={confirmingLeave}>
        {(opened) => (
          <LazyModal opened={opened} onClose={confirmLeave.close} title="Leave Game" centered>
            {game.priceCents > 0 ? (
              <LeaveTerms gameId={game.gameId} refundTo={refundTo} onRefundTo={setRefundTo} />
            ) : (
              <Text>{LEAVE_CONFIRMATION}</Text>
            )}
            <Group justify="flex-end" mt="lg">
              <Button variant="default" onClick={confirmLeave.close}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={leave.isPending}
                onClick={() =>
                  leave.mutate(refundTo, {
                    onSuccess: confirmLeave.close,
                    onError: () => {
                      confirmLeave.close();
                      setFailure(LEAVE_FAILED);
                    },
                  })
                }
              >
                Leave
              </Button>
            </Group>
          </LazyModal>
        )}
      </WhenFirstOpened>
      {paying && user.data && (
        <Suspense fallback={null}>
          <PaymentDialog
            opened
            onClose={() => setPaying(false)}
            amountCents={partyPriceCents - creditCents}
            description={[
              party.guests === 0
                ? `Entry to ${game.name}`
                : `Entry to ${game.name} for you and ${party.guests} ${party.guests === 1 ? 'guest' : 'guests'}`,
              creditCents > 0 ? ` (your credit pays ${formatDollars(creditCents)})` : '',
            ].join('')}
            paymentKey={`entry:${game.gameId}:${user.data.userId}:${party.guests}:${creditCents}`}
            createPayment={async () => {
              const order = {
                price: partyPriceCents,
                email: user.data.email,
                name: user.data.username,
                receiver: game.organizerUsername,
                purpose: { kind: 'entry' as const, gameId: game.gameId, ...party },
              };
              if (creditCents === 0) return checkout(order);
              const answer = await checkoutWithCredit(order);
              if ('clientSecret' in answer) return answer.clientSecret;
              throw new Error('Your Playtime credit paid this entry: close this and join.');
            }}
            onSucceeded={(paymentId) => joinFirst(paymentId)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * Issue #46: where the page shows the game's chat, for a signed-in player, someone on the waitlist
 * (who only reads), the organizer or an admin. The app composes it in (features never import each
 * other); the server checks every read and write again.
 */
export type GameChatSlot = (viewer: {
  gameId: string;
  userId: string;
  canWrite: boolean;
  moderates: boolean;
}) => ReactNode;

function GameView({
  game,
  onRefresh,
  refreshing,
  chat,
}: {
  game: LoadedGame;
  onRefresh: () => void;
  refreshing: boolean;
  chat?: GameChatSlot | undefined;
}) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [sharing, share] = useDisclosure(false);
  // Admins settle disputes by seeing the game as it stood: ten minutes ago to begin with.
  const [asOfFrom, setAsOfFrom] = useState<string | null>(null);
  const [pickedId, setPickedId] = useState<string | null>(null);

  const clock: PlayClock = {
    startMs: Date.parse(game.start_date),
    endMs: Date.parse(game.end_date),
    offsetMs: game.clockOffsetMs,
  };
  // What the page shows of the time, each read from the clock on its own: the page renders again when
  // one of them changes (the game starts, check-in opens), not each second. The ticking lines (the
  // countdown, an offer's time left, the minutes on the pitch) read it in their own small components.
  const phase = useServerClock((nowMs) => countdownAt(nowMs, clock.startMs, clock.endMs).phase, clock.offsetMs);
  const checkingIn = useServerClock((nowMs) => checkInOpen(game, nowMs), clock.offsetMs);
  const checkInCountShown = useServerClock((nowMs) => showsCheckInCount(game, nowMs), clock.offsetMs);
  const regulars = useServerClock((nowMs) => regularsNotice(game, nowMs), clock.offsetMs);
  const marksOpen = useServerClock((nowMs) => attendanceMarksOpen(game, nowMs), clock.offsetMs);
  const cancelled = game.status === 'cancelled';
  const everyone = [...game.team_1, ...game.team_2, ...game.sideline];
  const me = user.data ? everyone.find((participant) => participant.userId === user.data.userId) : undefined;
  const organizes = Boolean(user.data && (user.data.userId === game.organizer_id || user.data.role === 'admin'));
  const canManage = organizes && !cancelled && phase !== 'ended';
  // Issue #44: check-in from 30 minutes before the start until the end; the organizer's marks until a day after.
  const showsCode = organizes && checkingIn;
  const checkedInLine = checkedInLabel(game.checkIn.checkedIn, everyone.length);
  const picked = pickedId ? (everyone.find((participant) => participant.userId === pickedId) ?? null) : null;
  // The sideline is a line for team spots only when the teams are full (or a spot is on offer).
  const showLine = game.line.length > 0 && (teamsAreFull(game) || game.line.some((place) => place.offer !== null));

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button variant="subtle" leftSection={<IconArrowLeft size={18} />} onClick={() => void navigate(-1)} px="xs">
          Back
        </Button>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={onRefresh} loading={refreshing}>
            Refresh
          </Button>
          <Button variant="light" leftSection={<IconShare size={18} />} onClick={share.open}>
            Share
          </Button>
          <Button
            component="a"
            href={`${GAME_CALENDAR_PATH}?gameId=${encodeURIComponent(game.gameId)}`}
            download
            variant="default"
            leftSection={<IconCalendarPlus size={18} />}
          >
            {CALENDAR_TEXTS.addToCalendar}
          </Button>
          {user.data?.role === 'admin' && (
            <Button
              variant="default"
              leftSection={<IconClockHour4 size={18} />}
              onClick={() => setAsOfFrom(new Date(Date.now() - 10 * 60_000).toISOString())}
            >
              As of…
            </Button>
          )}
        </Group>
      </Group>

      <div>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
            {game.name}
          </Title>
          {phase === 'live' && !cancelled && (
            <Badge color="red" variant="filled">
              LIVE
            </Badge>
          )}
          {game.series && (
            <Badge variant="light" size="lg" data-testid="series-week">
              {seriesWeekLabel(game.series.week, game.series.weeks)}
            </Badge>
          )}
        </Group>
        {cancelled ? (
          <Alert color="red" mt="sm" variant="filled" data-testid="game-cancelled">
            {cancellationMessage(game)}
          </Alert>
        ) : (
          <CountdownLine clock={clock} />
        )}
        <Text mt={4} fw={700} data-testid="players-count">
          {playerCountLabel(game.playerCount, game.max_players, game.sidelineCount)}
        </Text>
        {checkInCountShown && !showsCode && (
          <Text mt={4} fw={600} data-testid="check-in-count">
            {checkedInLine}
          </Text>
        )}
        {!cancelled && <MinimumPlayers game={game} clockOffsetMs={clock.offsetMs} />}
        {!cancelled && regulars && (
          <Text mt={4} fz="sm" data-testid="regulars-notice">
            {regulars}
          </Text>
        )}
      </div>

      {me && checkingIn && <CheckInControl gameId={game.gameId} checkedIn={me.checkedIn} />}
      {showsCode && (
        <Suspense fallback={<Loading label="Loading the check-in code" py="md" />}>
          <CheckInCodePanel gameId={game.gameId} clockOffsetMs={game.clockOffsetMs} countLine={checkedInLine} />
        </Suspense>
      )}

      {!cancelled && phase !== 'ended' && <MembershipControls game={game} myTeam={me ? me.team : null} />}

      <RosterAnnouncer players={everyone} removedIds={game.removedPlayerIds} />
      <Pitch
        team1={game.team_1}
        team2={game.team_2}
        sideline={game.sideline}
        openSpots={
          cancelled || phase === 'ended'
            ? { team1: 0, team2: 0 }
            : { team1: openSpots(game.team_1.length, game), team2: openSpots(game.team_2.length, game) }
        }
        clock={clock}
        onPick={canManage ? (participant) => setPickedId(participant.userId) : undefined}
      />

      {!cancelled && (showLine || game.waitlist.length > 0) && (
        <WaitingLists
          line={showLine ? game.line : null}
          waitlist={game.waitlist.length > 0 ? game.waitlist : null}
          myId={user.data?.userId}
        />
      )}

      {chat &&
        user.data &&
        (me || organizes || game.waitlist.some((place) => place.userId === user.data.userId)) &&
        chat({
          gameId: game.gameId,
          userId: user.data.userId,
          canWrite: Boolean(me) || organizes,
          moderates: organizes,
        })}

      {organizes && marksOpen && (
        <Suspense fallback={null}>
          <AttendanceMarks gameId={game.gameId} players={everyone} />
        </Suspense>
      )}
      {organizes && game.priceCents > 0 && (
        <Suspense fallback={<Loading label="Loading who has paid" py="md" />}>
          <GamePaymentsTable gameId={game.gameId} />
        </Suspense>
      )}
      {canManage && game.removed.length > 0 && <RemovedPlayers game={game} />}
      {canManage && !cancelled && game.series?.regularsFrom && <SeriesRegulars game={game} />}

      <Card padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Detail label="Location">{game.location}</Detail>
          <Detail label="Field">
            {game.sub_field_name ? `${game.field_name} · ${game.sub_field_name}` : game.field_name}
          </Detail>
          <Detail label="Price">{formatPrice(game.priceCents)}</Detail>
          <Detail label="Date">{dayjs(clock.startMs).format('ddd, MMM D, YYYY h:mm A')}</Detail>
          <Detail label="Game Length">{durationLabel(new Date(clock.startMs), new Date(clock.endMs))}</Detail>
          <Detail label="Organizer">{game.organizerUsername}</Detail>
          {game.minReliability !== null && (
            <Detail label={RELIABLE_PLAYERS_ONLY_LABEL}>{minReliabilityText(game.minReliability)}</Detail>
          )}
        </SimpleGrid>
      </Card>

      <WhenFirstOpened opened={sharing}>
        {(opened) => <ShareDialog opened={opened} onClose={share.close} url={window.location.href} />}
      </WhenFirstOpened>
      <WhenFirstOpened opened={asOfFrom !== null}>
        {(opened) => (
          <LazyDrawer
            opened={opened}
            onClose={() => setAsOfFrom(null)}
            position="right"
            size="lg"
            title={`${game.name} as it stood`}
          >
            {asOfFrom && (
              <Suspense fallback={<Loader />}>
                <AsOfPanel stream={gameStream(game.gameId)} time={asOfFrom} />
              </Suspense>
            )}
          </LazyDrawer>
        )}
      </WhenFirstOpened>
      <WhenFirstOpened opened={canManage && picked !== null}>
        {(opened) => (
          <ManageDialog game={game} player={opened ? picked : null} onClose={() => setPickedId(null)} clock={clock} />
        )}
      </WhenFirstOpened>
    </Stack>
  );
}

/** Spec §2 Game detail page: public; every change to the game reaches it live through the game's room. */
export function GameDetailsPage({ chat }: { chat?: GameChatSlot } = {}) {
  const { id = '' } = useParams();
  const game = useGameData(id);
  useLiveRoom(id ? rooms.game(id) : null, [playKeys.game(id)]);
  // Only the visitor's own Refresh shows as refreshing. Reading the query's isRefetching would render
  // the whole page twice for every background refetch (each live resync), even one that changes nothing.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void game.refetch().finally(() => setRefreshing(false));
  };

  return (
    <Container size="lg" py="md">
      {game.isPending ? (
        <Loading label="Loading the game" py="xl" />
      ) : game.isError ? (
        <Alert color="red" title="The game could not be loaded">
          {errorMessage(game.error)}
        </Alert>
      ) : (
        <GameView game={game.data} onRefresh={refresh} refreshing={refreshing} chat={chat} />
      )}
    </Container>
  );
}
