/**
 * The read models' tables (views `read.<table>`) and their columns, in the projector's order. The
 * projector creates them and the read side selects from them; a db test
 * (projector/src/read-model-columns.db.test.ts) holds every projection's tables equal to this list,
 * so a column renamed or dropped on one side fails there, and the read side's row types built with
 * `ReadModelRow` stop compiling.
 */
export const READ_MODEL_COLUMNS = {
  users: ['user_id', 'issuer', 'subject', 'email', 'email_verified', 'username', 'nickname', 'bio', 'profile_picture', 'role', 'deleted', 'registered_at'],
  fields: [
    'field_id',
    'owner_id',
    'name',
    'address',
    'zip_code',
    'city',
    'price_cents',
    'description',
    'picture',
    'latitude',
    'longitude',
    'deleted',
    'withdrawn',
    'added_at',
    'cancellation_window_hours',
    'free_rental',
  ],
  sub_fields: ['sub_field_id', 'field_id', 'name', 'removed', 'added_position'],
  availability_windows: ['window_id', 'sub_field_id', 'field_id', 'owner_id', 'start_date', 'end_date'],
  bookings: ['game_id', 'hold_id', 'sub_field_id', 'field_id', 'owner_id', 'organizer_id', 'during', 'rental_cents', 'payment_id'],
  holds: ['hold_id', 'sub_field_id', 'field_id', 'owner_id', 'organizer_id', 'start_date', 'end_date', 'expires_at', 'rental_cents', 'status'],
  games: [
    'game_id',
    'name',
    'organizer_id',
    'organizer_username',
    'field_id',
    'field_name',
    'owner_id',
    'sub_field_id',
    'sub_field_name',
    'location',
    'latitude',
    'longitude',
    'place',
    'start_date',
    'end_date',
    'max_players',
    'price_cents',
    'picture',
    'cancellation_window_hours',
    'status',
    'player_count',
    'sideline_count',
  ],
  game_participants: ['game_id', 'player_id', 'username', 'team', 'play_time_seconds', 'play_start', 'payment_id', 'joined_at', 'joined_position'],
  game_entries: ['game_id', 'payment_id', 'player_id', 'refunded'],
  game_removals: ['game_id', 'player_id', 'username', 'removed_at'],
  ledger_entries: ['entry_id', 'receiver_id', 'payment_id', 'kind', 'amount_cents', 'recorded_at'],
  balances: ['receiver_id', 'received_cents', 'refunded_cents', 'fee_cents'],
  payment_differences: [
    'difference_id',
    'found_at',
    'payment_id',
    'receiver_id',
    'payer_id',
    'kind',
    'processor_status',
    'processor_amount_cents',
    'processor_refunded_cents',
    'ledger_amount_cents',
    'ledger_refunded_cents',
    'resolution',
  ],
  partner_applications: [
    'application_id',
    'submitted_at',
    'contact_name',
    'email',
    'phone',
    'field_name',
    'address',
    'zip_code',
    'city',
    'sub_fields',
    'message',
    'applicant_id',
    'status',
    'source',
  ],
  partner_sheet_imports: ['import_id', 'imported_at', 'url', 'rows', 'imported', 'duplicates', 'errors', 'failure'],
} as const;

export type ReadModelTable = keyof typeof READ_MODEL_COLUMNS;

export type ReadModelColumn<Table extends ReadModelTable> = (typeof READ_MODEL_COLUMNS)[Table][number];

/** A row of some of a read model's columns as the read side selects them: a key that is no declared column does not compile. */
export type ReadModelRow<Table extends ReadModelTable, Row extends { [Key in keyof Row]: Key extends ReadModelColumn<Table> ? unknown : never }> = Row;
