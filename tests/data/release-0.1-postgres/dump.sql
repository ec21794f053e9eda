--
-- PostgreSQL database dump
--

\restrict NF7hZeSmDGaJAJcBOOvpwE4cDv5ewNm1g4KJW4qfAjpKlXfRBDBpeJkfdaT8fgC

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: refuse_rewrite(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.refuse_rewrite() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END $$;


--
-- Name: thoughts_check_insert(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.thoughts_check_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
DECLARE
    previous_hash TEXT;
    parent_task   TEXT;
    parent_seq    BIGINT;
BEGIN
    IF NEW.seq > 0 THEN
        SELECT hash INTO previous_hash FROM thoughts
        WHERE task_id = NEW.task_id AND seq = NEW.seq - 1;
        IF previous_hash IS DISTINCT FROM NEW.prev_hash THEN
            RAISE EXCEPTION 'chain: prev_hash must be the hash of the record at seq - 1'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
    END IF;
    IF NEW.log_index > 0 AND NOT EXISTS (SELECT 1 FROM thoughts WHERE log_index = NEW.log_index - 1) THEN
        RAISE EXCEPTION 'log: log_index must follow the last leaf'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    IF NEW.parent_id IS NOT NULL THEN
        SELECT task_id, seq INTO parent_task, parent_seq FROM thoughts WHERE id = NEW.parent_id;
        IF parent_task IS DISTINCT FROM NEW.task_id OR parent_seq >= NEW.seq THEN
            RAISE EXCEPTION 'tree: parent_id must be an earlier record of the same task'
                USING ERRCODE = 'integrity_constraint_violation';
        END IF;
    END IF;
    RETURN NEW;
END $$;


--
-- Name: thoughts_move_heads(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.thoughts_move_heads() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO tasks (task_id, length, head_hash, first_timestamp, last_timestamp)
    SELECT task_id,
           max(seq) + 1,
           (array_agg(hash ORDER BY seq DESC))[1],
           (array_agg(timestamp ORDER BY seq))[1],
           (array_agg(timestamp ORDER BY seq DESC))[1]
    FROM inserted
    GROUP BY task_id
    ORDER BY min(log_index)
    ON CONFLICT (task_id) DO UPDATE SET
        length = excluded.length,
        head_hash = excluded.head_hash,
        last_timestamp = excluded.last_timestamp;
    RETURN NULL;
END $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: _sqlx_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public._sqlx_migrations (
    version bigint NOT NULL,
    description text NOT NULL,
    installed_on timestamp with time zone DEFAULT now() NOT NULL,
    success boolean NOT NULL,
    checksum bytea NOT NULL,
    execution_time bigint NOT NULL
);


--
-- Name: capability_snapshots; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.capability_snapshots (
    hash text NOT NULL COLLATE pg_catalog."C",
    kind text NOT NULL,
    canonical text NOT NULL,
    trace text NOT NULL,
    stored_at text NOT NULL,
    CONSTRAINT capability_snapshots_hash_check CHECK ((length(hash) = 64))
);


--
-- Name: checkpoints; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.checkpoints (
    tree_size bigint NOT NULL,
    root bytea NOT NULL,
    note text NOT NULL,
    CONSTRAINT checkpoints_root_check CHECK ((octet_length(root) = 32)),
    CONSTRAINT checkpoints_tree_size_check CHECK ((tree_size >= 0))
);


--
-- Name: cosignatures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cosignatures (
    tree_size bigint NOT NULL,
    witness text NOT NULL COLLATE pg_catalog."C",
    line text NOT NULL,
    CONSTRAINT cosignatures_tree_size_check CHECK ((tree_size >= 0))
);


--
-- Name: idempotency; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.idempotency (
    scope text NOT NULL COLLATE pg_catalog."C",
    key text NOT NULL COLLATE pg_catalog."C",
    fingerprint text NOT NULL,
    record_id text NOT NULL COLLATE pg_catalog."C",
    expires_at bigint NOT NULL
);


--
-- Name: log_hashes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.log_hashes (
    idx bigint NOT NULL,
    hash bytea NOT NULL,
    CONSTRAINT log_hashes_hash_check CHECK ((octet_length(hash) = 32)),
    CONSTRAINT log_hashes_idx_check CHECK ((idx >= 0))
);


--
-- Name: tasks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tasks (
    task_no bigint NOT NULL,
    task_id text NOT NULL COLLATE pg_catalog."C",
    length bigint NOT NULL,
    head_hash text NOT NULL COLLATE pg_catalog."C",
    first_timestamp text NOT NULL COLLATE pg_catalog."C",
    last_timestamp text NOT NULL COLLATE pg_catalog."C"
);


--
-- Name: tasks_task_no_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.tasks_task_no_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: tasks_task_no_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.tasks_task_no_seq OWNED BY public.tasks.task_no;


--
-- Name: thoughts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.thoughts (
    log_index bigint NOT NULL,
    id text NOT NULL COLLATE pg_catalog."C",
    task_id text NOT NULL COLLATE pg_catalog."C",
    seq bigint NOT NULL,
    type text NOT NULL COLLATE pg_catalog."C",
    agent_id text NOT NULL COLLATE pg_catalog."C",
    content bytea NOT NULL,
    metadata text COLLATE pg_catalog."C",
    capabilities text COLLATE pg_catalog."C",
    session_id text COLLATE pg_catalog."C",
    parent_id text COLLATE pg_catalog."C",
    "timestamp" text NOT NULL COLLATE pg_catalog."C",
    prev_hash text NOT NULL COLLATE pg_catalog."C",
    hash text NOT NULL COLLATE pg_catalog."C",
    CONSTRAINT thoughts_check CHECK (((seq = 0) = (prev_hash = '0000000000000000000000000000000000000000000000000000000000000000'::text))),
    CONSTRAINT thoughts_hash_check CHECK ((length(hash) = 64)),
    CONSTRAINT thoughts_log_index_check CHECK ((log_index >= 0)),
    CONSTRAINT thoughts_prev_hash_check CHECK ((length(prev_hash) = 64)),
    CONSTRAINT thoughts_seq_check CHECK ((seq >= 0)),
    CONSTRAINT thoughts_type_check CHECK ((type = ANY (ARRAY['plan'::text, 'analysis'::text, 'decision'::text, 'reflection'::text])))
);


--
-- Name: thoughts_search; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.thoughts_search (
    log_index bigint NOT NULL,
    doc tsvector NOT NULL
);


--
-- Name: tasks task_no; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks ALTER COLUMN task_no SET DEFAULT nextval('public.tasks_task_no_seq'::regclass);


--
-- Data for Name: _sqlx_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public._sqlx_migrations VALUES (1, 'schema', '2026-11-25 11:46:18.820325+00', true, '\x0dfe9534439e97eeb57b591bf63f62202bd9d280bf1dbabe239d3784c1d5415669f440f5874f0463b6b19ce22ebd6749', 15833255);
INSERT INTO public._sqlx_migrations VALUES (3, 'cosignatures', '2026-11-25 11:46:18.836812+00', true, '\x1e6a3728b97a17109b64a5816527440d94bae6a320d1c37db9412f21e716a3f82e74fced552c5b41f4c6ac71f5ec5247', 1472947);


--
-- Data for Name: capability_snapshots; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.capability_snapshots VALUES ('9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468', 'registered_agent_static', '{"agentInstructions":["Plan the work."],"rootComposableHash":"5c78d90609ada373c267019e8c17286a9bcca5268084a6fdb9a8085be978db01"}', '[{"canonical":"{\"description\":\"Search files\",\"instructions\":[],\"kind\":\"tool\",\"name\":\"grep\",\"policies\":[],\"schema\":{\"type\":\"object\"}}","sha256":"034919fcb24129d6ee07f19fbd6e25c5d8b9518b3195e304ffcfa112453cc897"},{"canonical":"{\"instructions\":null,\"kind\":\"toolkit\",\"members\":[{\"hash\":\"034919fcb24129d6ee07f19fbd6e25c5d8b9518b3195e304ffcfa112453cc897\",\"name\":\"grep\"}],\"name\":\"root\"}","sha256":"5c78d90609ada373c267019e8c17286a9bcca5268084a6fdb9a8085be978db01"},{"canonical":"{\"agentInstructions\":[\"Plan the work.\"],\"rootComposableHash\":\"5c78d90609ada373c267019e8c17286a9bcca5268084a6fdb9a8085be978db01\"}","sha256":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}]', '2026-11-25T11:46:18.912Z');


--
-- Data for Name: checkpoints; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.checkpoints VALUES (0, '\xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'release-0.1/decision-trail
0
47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=

— release-0.1/decision-trail /YpjN3JpSHbx/TngGzgdup7o68mQhnUiyzN0P5ge+/JIJGjhB63qCGG+1QIJWn8C5yTkOXJP3VIlDJeuKEDLu/Bx9wU=
');
INSERT INTO public.checkpoints VALUES (1, '\x0216c0c0144c5281e600c53720ae548868fa29705961d754e8b1d349db52b16b', 'release-0.1/decision-trail
1
AhbAwBRMUoHmAMU3IK5UiGj6KXBZYddU6LHTSdtSsWs=

— release-0.1/decision-trail /YpjN2cZHKillfum1n94fOMo1wi1/ZxNFIjKPDKIO0k/gxyOl+sTZ7aoOtLMfFULr88xBEG3He+1bep/X7QIeFybNQM=
');
INSERT INTO public.checkpoints VALUES (2, '\xe812f51f5edeaf690809933bf6409d1b8da1940c22a0b17f06cd3bbe3f535dc6', 'release-0.1/decision-trail
2
6BL1H17er2kICZM79kCdG42hlAwioLF/Bs07vj9TXcY=

— release-0.1/decision-trail /YpjNx9IaNhTvBzzBkSRpEF9YheGrJyXN9id0k2V9EXpMpZdvcqz8vBKWLjwrYuE/4sAnEhaUf0i+IUZYap21OYO3ww=
');
INSERT INTO public.checkpoints VALUES (3, '\xda435fadcc8f30ddbb12e82bd0af0e2d72fdd27eb7e5beb0e64b9b5c17fbb1f6', 'release-0.1/decision-trail
3
2kNfrcyPMN27Eugr0K8OLXL90n635b6w5kubXBf7sfY=

— release-0.1/decision-trail /YpjNzN5N7sUtrWLKEgnqWjxiieYVyscD3E9hwUucSDr89kjym/wzDPHVqxN9B0Mma7D0mUtaUVeRPAgPtV2CAStLgs=
');
INSERT INTO public.checkpoints VALUES (4, '\x8c53d81f49eb89ed888198f8eb6777b5065ecaafb7dc19874f6a4a4df598094d', 'release-0.1/decision-trail
4
jFPYH0nrie2IgZj462d3tQZeyq+33BmHT2pKTfWYCU0=

— release-0.1/decision-trail /YpjNyp9HOdORhhnl3vEag10u5ywasF/rEjaRpoqVybxNNzRJnz3id2iRcdBG5+nioieu28S6/CicOPiZX4NezPRKA8=
');
INSERT INTO public.checkpoints VALUES (5, '\xba64333957a016a0bc96405720e1f52c09de2ded449868869012c51372bae549', 'release-0.1/decision-trail
5
umQzOVegFqC8lkBXIOH1LAneLe1EmGiGkBLFE3K65Uk=

— release-0.1/decision-trail /YpjN1fGyqT8X+6TRvUPfZ3gA9waMiMD21g3xr2NERdDl30GfGPJ0jR5a1Qiia8rqkLGWD01m+wiCo6XDHqoltaHrgc=
');
INSERT INTO public.checkpoints VALUES (6, '\x7ebd01a43271f82024c6c5bd02ca056a58b79b34ff2d924a4dca9d27df425c45', 'release-0.1/decision-trail
6
fr0BpDJx+CAkxsW9AsoFali3mzT/LZJKTcqdJ99CXEU=

— release-0.1/decision-trail /YpjNxJMS23MGixkI+A/cKQCvezAKtn2Ik6XOOvrn2kLayvF4Ezj63TU//p6kHrHCOkE8VIfqC3Fzo+tx1fuBigOogs=
');
INSERT INTO public.checkpoints VALUES (7, '\x661b1d8a7a572cbf3efa35b4ee48a550e06949a7d63fb9869729ace1a21f563d', 'release-0.1/decision-trail
7
ZhsdinpXLL8++jW07kilUOBpSafWP7mGlyms4aIfVj0=

— release-0.1/decision-trail /YpjN438gyrs5WaAWf9Uzq2qrm9polJd9Q+wcye22PlHNFdhoGNJksSH6LwAxJMZvMv9Q+Pojny6zGXs8GDOeLKv/AQ=
');
INSERT INTO public.checkpoints VALUES (8, '\xc4cbc4ab59128836fa2a711af64cfb0f2af73899d1c9ef50ea2bb280c91a22fc', 'release-0.1/decision-trail
8
xMvEq1kSiDb6KnEa9kz7Dyr3OJnRye9Q6iuygMkaIvw=

— release-0.1/decision-trail /YpjN7IuKz9MoAKW05f7cAqisgVcXG9clADpU0uTjJPBdDnO1DiEscIT3aBYoQ/zYgNTDyYfHpR8ppJyDRGq7e16Vgk=
');
INSERT INTO public.checkpoints VALUES (9, '\x8a0d4399242d894811b6a037e8f0b53142e12806019f5882644c95da50deafe1', 'release-0.1/decision-trail
9
ig1DmSQtiUgRtqA36PC1MULhKAYBn1iCZEyV2lDer+E=

— release-0.1/decision-trail /YpjNx2fkdNJbsql2t9oX7p5VwgJVxLJdPJ1pWbtr8RvfSqASe+O1R1Jzxi0ZWmh4o1jhhuUzJKoArDu6NWcOHD74ww=
');
INSERT INTO public.checkpoints VALUES (10, '\xc7cebfccf2d7b97c566feeb2e1ac21541eb6294a48068d80459075733fd873a0', 'release-0.1/decision-trail
10
x86/zPLXuXxWb+6y4awhVB62KUpIBo2ARZB1cz/Yc6A=

— release-0.1/decision-trail /YpjN3BcF4cv3xE3xc2Bxcl9m2xw/2vlvbxF2O5COLIXxQrvGwDILW5xmM9uOWqgME6lxV8vFFhhPvu5D5koh6sKAQs=
');
INSERT INTO public.checkpoints VALUES (11, '\x6a788cbd0b912d5852e02b65b1632974ba9624cb21c85ba715b91d3c452376f1', 'release-0.1/decision-trail
11
aniMvQuRLVhS4CtlsWMpdLqWJMshyFunFbkdPEUjdvE=

— release-0.1/decision-trail /YpjN0O2XgD/erRvsmLHjgtd/T9arbruJznmNT+148louxXB6xNvjed2TEVbtd6Ri1Ljy0F9VZKIqrU7xMQSzy8vWQ4=
');
INSERT INTO public.checkpoints VALUES (12, '\xe2f100b25c99fa8d0f8682ef98f75baaf316ca549b116c9d73df2d8d37297103', 'release-0.1/decision-trail
12
4vEAslyZ+o0PhoLvmPdbqvMWylSbEWydc98tjTcpcQM=

— release-0.1/decision-trail /YpjNywY8swvkm+an3+CLGHXVvpoDcrhNL1lf6mHXEssuH4uwz963ypdzm4ShcuxN7ksclopOEWl29JlH650wdBrNgs=
');
INSERT INTO public.checkpoints VALUES (13, '\x4e674bb16211a75424cc340fee8e0b5e94f920bb7d8ffce6dd025936167c99e0', 'release-0.1/decision-trail
13
TmdLsWIRp1QkzDQP7o4LXpT5ILt9j/zm3QJZNhZ8meA=

— release-0.1/decision-trail /YpjN2NkcyFT/Un4ELzXPxDOZBIJqzO/FXmR9zgQdnjiYXYOG6cUusx3Ky94l1m1QGba3SrCYdwos1C+Rm2ZCe2hUQA=
');
INSERT INTO public.checkpoints VALUES (14, '\xaecd2725b1a44eb18b212d9b6a585e5890a3be228e754f79496ea45eac75a556', 'release-0.1/decision-trail
14
rs0nJbGkTrGLIS2balheWJCjviKOdU95SW6kXqx1pVY=

— release-0.1/decision-trail /YpjN3EbVTOM2CBOgkMyS+O7cQK7S3b4ejwbu7JPEDRpKIVOF69zxXwZLnFa2iapmZHS01nBFxYM8V4daELmLZz1bgk=
');
INSERT INTO public.checkpoints VALUES (15, '\xcc0e8af45bec39ab8571457845556d90d0ded5967e020961831a1fda5566ce16', 'release-0.1/decision-trail
15
zA6K9FvsOauFcUV4RVVtkNDe1ZZ+Aglhgxof2lVmzhY=

— release-0.1/decision-trail /YpjN/QwwlxgjCIZNdtNrETtfEBLAsEYMqYQsNIhR6gTwVDCtvHNb+11pE/gaiQeVqDjF8FVeB1Z3QqUopjrAgFYQQw=
');
INSERT INTO public.checkpoints VALUES (16, '\xbfb43f35eed5103695264a8f05566cfcfce337b9d22cf82872f2d00e044c17cb', 'release-0.1/decision-trail
16
v7Q/Ne7VEDaVJkqPBVZs/PzjN7nSLPgocvLQDgRMF8s=

— release-0.1/decision-trail /YpjN92ajqS6LyCOOEYuIDGdVmc8rPmU1RD1+u7WvA2naMOwJivKaUv1+u2HF96wiEMIltFGy3y2oPm5cKhwiq7fXA8=
');
INSERT INTO public.checkpoints VALUES (17, '\xce3ab5ba9e12c0e37e1d9e2a10941449ce30403f655b3470399258becda25b98', 'release-0.1/decision-trail
17
zjq1up4SwON+HZ4qEJQUSc4wQD9lWzRwOZJYvs2iW5g=

— release-0.1/decision-trail /YpjNwZxt44c80gRvqPEC17uVytYx3c7z8P70iyeGo10CfYQkjKKYbPDcQr1mFAsiRACspbzKppoagWZfRaIG5pJqgE=
');
INSERT INTO public.checkpoints VALUES (18, '\xe4e44bda50ff71570cd294d6d4252fd6b8b8297247430a01c8c0a88c348398ef', 'release-0.1/decision-trail
18
5ORL2lD/cVcM0pTW1CUv1ri4KXJHQwoByMCojDSDmO8=

— release-0.1/decision-trail /YpjN2wSPf1wATzgi0nDHNQDerMOwy6ob3UU+4p4sjs9/5lGUiHAOODTNfwYAvdR9iVwA5cM3nP68TKHr8UJU3rq8Qc=
');
INSERT INTO public.checkpoints VALUES (19, '\x74c21e2e6157ee2b0177084b121f23807f0f907cea399f530fce5696f4baa00e', 'release-0.1/decision-trail
19
dMIeLmFX7isBdwhLEh8jgH8PkHzqOZ9TD85WlvS6oA4=

— release-0.1/decision-trail /YpjN2cDja03tMDJuO5omrBDDPOnT+kMR08aKdG2BOf1xxZULZ3eCkeeCiwkiZHDP5fdgfI6GPn5mlOy4Wa98m9TwQs=
');
INSERT INTO public.checkpoints VALUES (20, '\x919c993fa3b74d73c7d059b90c60514a60b31c6d3137d500d9e94156eb045233', 'release-0.1/decision-trail
20
kZyZP6O3TXPH0Fm5DGBRSmCzHG0xN9UA2elBVusEUjM=

— release-0.1/decision-trail /YpjNyPQyD6YGCk7J0qUYBmfnjAR8j9E6zXhvcih74jDloqCPMjNDdwRdEIOXHlhDz6KdjIwilA72ZeQK6je8kubTww=
');
INSERT INTO public.checkpoints VALUES (21, '\x2cb4c417afe1da28ab3b9213d3f0b0c8c63ab452541edd83bd94be93392e5d54', 'release-0.1/decision-trail
21
LLTEF6/h2iirO5IT0/CwyMY6tFJUHt2DvZS+kzkuXVQ=

— release-0.1/decision-trail /YpjN36QVUnYA07Yq4y9bCL1j4xxANkgfDAPbQYOfJ58G3aj2WWzlQivZoB1aLnGJp+BpqUhnyhb5Xoh1TQRFyPbMAY=
');
INSERT INTO public.checkpoints VALUES (22, '\x194f491fed34d332d30af54c65235bb91c49c4e2d2a7c036673011a67d28b723', 'release-0.1/decision-trail
22
GU9JH+000zLTCvVMZSNbuRxJxOLSp8A2ZzARpn0otyM=

— release-0.1/decision-trail /YpjNwLvnGOb1ru6ffi2s+cmghm3JPFMRecmSt2bq6ijLsNpzoCK1CcngF5f5IKcvpRhPXOddBiwqksOrEqJ+ePhIQ4=
');
INSERT INTO public.checkpoints VALUES (23, '\xf2e3214d7d0f695facc718447996adb5bc26b2119274f3e90fca2eea5c4204e9', 'release-0.1/decision-trail
23
8uMhTX0PaV+sxxhEeZattbwmshGSdPPpD8ou6lxCBOk=

— release-0.1/decision-trail /YpjN+/hmzJRZpPIiPLld/VDo/4/Ajf7rUf2ouQmyP+bzjP/DQ0DCQTcJEb6HzAwg6b5/ECEJ8w2hvz3i+sBLXsTBQI=
');
INSERT INTO public.checkpoints VALUES (24, '\xaa9eb8d6d346ecf8c09af2c7813e50303e7f8dc4dffd16ee41d0f1e7446eb634', 'release-0.1/decision-trail
24
qp641tNG7PjAmvLHgT5QMD5/jcTf/RbuQdDx50RutjQ=

— release-0.1/decision-trail /YpjN6Z1p3PKMUxBbvR/ycewaSrVpYwi54xLySYm26saclQQHTRWodG50ANKf70x55Anxg9EjUvW6iVoN/zcPGcNuAY=
');
INSERT INTO public.checkpoints VALUES (25, '\xf1d2f95f5f63f84a270649a6c3d7fa7a3ebead4f1ecfb58cc386812c118acf5f', 'release-0.1/decision-trail
25
8dL5X19j+EonBkmmw9f6ej6+rU8ez7WMw4aBLBGKz18=

— release-0.1/decision-trail /YpjNzxTb1BJ5UDybqiSEDZCS/Rd22fecZjwwnCCWiROjQReJqhT4Z6xaui5qP/MsXGpSyR7ZeE1bmycHiPMOsCCHQU=
');
INSERT INTO public.checkpoints VALUES (26, '\x0cdab6d5ba7925494d932e2781843b72db41fb991c786da86c510430caa2b167', 'release-0.1/decision-trail
26
DNq21bp5JUlNky4ngYQ7cttB+5kceG2obFEEMMqisWc=

— release-0.1/decision-trail /YpjN9oIusSFm8nNiijQ9Hh2iH9n4RqyUwqBLwNVuMVIZlG0m3mJ4YNl3ONKrk5FZXQ64YryGNyV39A2aGMj9sLoRgo=
');
INSERT INTO public.checkpoints VALUES (27, '\x3e38d836bbe943d85543d710b34668cfb83657bff569300153305a0c0652ae04', 'release-0.1/decision-trail
27
PjjYNrvpQ9hVQ9cQs0Zoz7g2V7/1aTABUzBaDAZSrgQ=

— release-0.1/decision-trail /YpjNwFgN0s0aNnthcIIrByzn4OdBSsSE1Ravr9zebUxtUjlELiXgwusjrXfuyBRso4zQuBf55AG9xHL/B59yKvP6wg=
');
INSERT INTO public.checkpoints VALUES (28, '\xdd093e83945b836ff52102413f34ea35f92b7b0aa4430876541b3521bde72448', 'release-0.1/decision-trail
28
3Qk+g5Rbg2/1IQJBPzTqNfkrewqkQwh2VBs1Ib3nJEg=

— release-0.1/decision-trail /YpjN6A/Hl7kVvwriF4atxD1uXQTssxN6a5BuNp2aSFPQr6742iZFfj3g0Ava4dlqc/h7JDgH4XjGW+HUOq8s4igpAM=
');
INSERT INTO public.checkpoints VALUES (29, '\xc27ff364de27e063d6bb210099edfb0bfb88d1858e57ad535c30f1d1ff8e85c1', 'release-0.1/decision-trail
29
wn/zZN4n4GPWuyEAme37C/uI0YWOV61TXDDx0f+OhcE=

— release-0.1/decision-trail /YpjN/Srt26X3RPUPneIZsjtHtx0UvfPdilsmxgzJoH1pdy8kLcqj2jijGCAB7LnGGVlB5n+D1zyS98CxOAGdsx0FQE=
');
INSERT INTO public.checkpoints VALUES (30, '\xced4541fc10ca74b4f07536bce4ca3199166d790e15833d8f41239215f247078', 'release-0.1/decision-trail
30
ztRUH8EMp0tPB1NrzkyjGZFm15DhWDPY9BI5IV8kcHg=

— release-0.1/decision-trail /YpjN87Hc3vj5z2JPeF6UJ2NXqBNUNzldd+1gXeAj8wWZBliN4hcMf2WM3XpnUSMm/kHAS9O0cQYRwAOXgV15DGKwAQ=
');
INSERT INTO public.checkpoints VALUES (31, '\x5487a0635f021477f3a6b2795c103c75d14d952008324e8dea18f61dea85d3d4', 'release-0.1/decision-trail
31
VIegY18CFHfzprJ5XBA8ddFNlSAIMk6N6hj2HeqF09Q=

— release-0.1/decision-trail /YpjN+t3eL/xt/YYMFFk6VCxeTEycfRHOfZNuxOIBdZk3aKkZB4M2374oyW6RR74mgvFDnlwhhImPfF6+xOshRSlQwY=
');
INSERT INTO public.checkpoints VALUES (32, '\xb33160236fbf6bd07907348a6763853b783693d04d02ff5bfc1ce851dd648c8a', 'release-0.1/decision-trail
32
szFgI2+/a9B5BzSKZ2OFO3g2k9BNAv9b/BzoUd1kjIo=

— release-0.1/decision-trail /YpjN8ywA3UG9NYYfpb6TKfSZupzUr7iLsxLbIYzFSAayfZ6LuCyX306Hq2qub6iInv8R9wJVUJYaCsIgRxDiPZGNAY=
');
INSERT INTO public.checkpoints VALUES (33, '\xb0fc424a298147bcd88ae4b65ca1e2ec3ab9b313ed7187023e04a9298815246d', 'release-0.1/decision-trail
33
sPxCSimBR7zYiuS2XKHi7Dq5sxPtcYcCPgSpKYgVJG0=

— release-0.1/decision-trail /YpjN7VhhEvi1mxNWX8X1QgCLNSO6VM6kLASPjRfv17QNa7V7mFJDmPCBP5rmRzHveaHpRp4EyTtxPya+5VYSyIXTg0=
');
INSERT INTO public.checkpoints VALUES (34, '\x495df129329ff63be2f8852e7d411046225f22fa027bc7f5ec79a023fa165f68', 'release-0.1/decision-trail
34
SV3xKTKf9jvi+IUufUEQRiJfIvoCe8f17HmgI/oWX2g=

— release-0.1/decision-trail /YpjN8bbKyey26pOqoBca94+7sv7ufzprLz3hm5uiz7Q52XY1THq7Aq80hp40Ax0YByqpDOf+TnI3JXbQlssjaT9EQI=
');
INSERT INTO public.checkpoints VALUES (35, '\xfe19743cf5cdc2ff4230b780bc022c5d51d4aac7c53b66c008bb68774134726e', 'release-0.1/decision-trail
35
/hl0PPXNwv9CMLeAvAIsXVHUqsfFO2bACLtod0E0cm4=

— release-0.1/decision-trail /YpjN0kGu2Rwqhxw/arIumh6XMnfjJUWWQQKrb/0GsmUkEzdmpD7q7hz3unftrMQf/jxNmMxapA9AUuCTlEzCgbAWAQ=
');
INSERT INTO public.checkpoints VALUES (36, '\x4ed4875e14596dec8f6299168c354e383750faca9a6ce18701d67dc58db88d80', 'release-0.1/decision-trail
36
TtSHXhRZbeyPYpkWjDVOODdQ+sqabOGHAdZ9xY24jYA=

— release-0.1/decision-trail /YpjN5Bn9ot7C3pvmHev3j3oB1lfJJawBfD0AMridchB9mcNsJvbe23BFxFFWuMqnw1jeBF5PxIFlQpzidRCxOgKEQ8=
');
INSERT INTO public.checkpoints VALUES (37, '\xb73979b50f786bdc6fa1644abc2be28e092e227d1c88dde6b7570ccdf84f3f78', 'release-0.1/decision-trail
37
tzl5tQ94a9xvoWRKvCvijgkuIn0ciN3mt1cMzfhPP3g=

— release-0.1/decision-trail /YpjN94qzMZr51fMUpgcEqkPgYbQUfAX62HezC19duBTWYoXc5XH65uTRmepi+tWbFHa1Necl6FJlkh1jJEbi1N1fw8=
');
INSERT INTO public.checkpoints VALUES (38, '\xe7fab937f03a0d37e41143a0ea9034373cb8a2d11f5e16ba69afc5eb878d0945', 'release-0.1/decision-trail
38
5/q5N/A6DTfkEUOg6pA0Nzy4otEfXha6aa/F64eNCUU=

— release-0.1/decision-trail /YpjN3mi5MthYkiheuwufZZHDK+B8x6Ue1n9D2NLIgqDaFIkr/yjN921cC6XLIoWzlJyODAcHqQuM0UgauKiVwEsTQ0=
');
INSERT INTO public.checkpoints VALUES (39, '\xe4d19e2b6f6ef05bb87fc4ff19bbc358e07ba19bd70aa35824fa3b149f08769a', 'release-0.1/decision-trail
39
5NGeK29u8Fu4f8T/GbvDWOB7oZvXCqNYJPo7FJ8Idpo=

— release-0.1/decision-trail /YpjN+CGwst475BwBW9ZO9TAx3AeBnLA9jRC8xt7zmxiQhCP+qjdBJng0FfsWs8rpuRKOaXuY/HYBnQyckeVl3hxkA8=
');
INSERT INTO public.checkpoints VALUES (40, '\x89965e106d45fed12e9053f52acfddc6b2fb79eecd4a57e10a36426ff4abebdf', 'release-0.1/decision-trail
40
iZZeEG1F/tEukFP1Ks/dxrL7ee7NSlfhCjZCb/Sr698=

— release-0.1/decision-trail /YpjN/9OhddLrJYkgFcmB79mKYPakJ8T7cEV3Uw+mrSQ8CWMPV77JAQjyqUEOLmSyz4LCA39Hv6Ft3i+o0iOnpkbFQs=
');
INSERT INTO public.checkpoints VALUES (41, '\xf8069efe611b6ebbae1071b3ca21aa8ea881be649000335b095bd47d074f35b1', 'release-0.1/decision-trail
41
+Aae/mEbbruuEHGzyiGqjqiBvmSQADNbCVvUfQdPNbE=

— release-0.1/decision-trail /YpjNzvglylNj5f/GqSXrpsjPpfZRwtpAP1RteK0WbP7nxxoL+NtQ/CyRjmnLPquMGUl/14A8MMNBV9Eb7uknqHUcAE=
');
INSERT INTO public.checkpoints VALUES (42, '\x7993a1d823c2ec084a49c59add3af8e57feb0f28c9cd8acbdafae731e42e5c84', 'release-0.1/decision-trail
42
eZOh2CPC7AhKScWa3Tr45X/rDyjJzYrL2vrnMeQuXIQ=

— release-0.1/decision-trail /YpjN9CqzkDEjtOQuGZbaWkrn+rKWsdzREhXZwcUhufs9ONm2EkcSyfs8WWIpi7FlhuLtBIIEUmBNs0l4poH3waRyQI=
');
INSERT INTO public.checkpoints VALUES (43, '\x30b2a845fc52d5c9b1b27ac5974453782757bca2b0ca212c702f039fd70872f5', 'release-0.1/decision-trail
43
MLKoRfxS1cmxsnrFl0RTeCdXvKKwyiEscC8Dn9cIcvU=

— release-0.1/decision-trail /YpjN6uTt417JK5zG2xQV5ddILbC9qrNfeZas+4/5qGRU/6gmye4pNz3MjuSRJOwrJx1YUHzeOYKYuATV8f26lDJ2g8=
');
INSERT INTO public.checkpoints VALUES (44, '\xdd44d079abaf49239b9c139fc9bd94852cb0e18801ef22a0593e72b1b40b0c26', 'release-0.1/decision-trail
44
3UTQeauvSSObnBOfyb2UhSyw4YgB7yKgWT5ysbQLDCY=

— release-0.1/decision-trail /YpjN6K1QzAQ/i3z2yhWOdFOa7gKcFR6aHLnQnEE8zLfRrbiXGWlaZgbEv3NB5+58OHZ3rAfvlET43diCGMnXq85jgw=
');
INSERT INTO public.checkpoints VALUES (45, '\x32136a6bd909ec52fd0a18e2be13543338924ec21e43eabdc83f27b72dc7f908', 'release-0.1/decision-trail
45
MhNqa9kJ7FL9ChjivhNUMziSTsIeQ+q9yD8nty3H+Qg=

— release-0.1/decision-trail /YpjN1E7QOVfH31ECuXTTxVdPR0vRiSzny3zSYE/AEM5z+kI9tcaNLT1l17nKXE+1t18FbTrP97DND7j8SsVWj1yHgU=
');
INSERT INTO public.checkpoints VALUES (46, '\xd2d90ef2a2e9f6d0a6401d6fac5e47c0c4375a84d9f97b8283bb476257f24fb5', 'release-0.1/decision-trail
46
0tkO8qLp9tCmQB1vrF5HwMQ3WoTZ+XuCg7tHYlfyT7U=

— release-0.1/decision-trail /YpjN/sFD7DxQQTt5T5IiECfXlN1ALJxao+ycU5QzmC5SDrsWbHcs6zqKJnuoJvf84/NbLgbsYFtCLj6sqVsaTAKvgY=
');
INSERT INTO public.checkpoints VALUES (47, '\x3eb37ee227067247c362cc9d27c45ad2b23656d85134fdaa42bbd69c7c4fe0a5', 'release-0.1/decision-trail
47
PrN+4icGckfDYsydJ8Ra0rI2VthRNP2qQrvWnHxP4KU=

— release-0.1/decision-trail /YpjN0n20jbEvP1fesQ+Tju+8l/GZ3dwa6JRkWMZfhmf8n2W/yLLnI/DyFQJbNDM8UOGV27MnTkUOQAN0s+kay3qTAo=
');
INSERT INTO public.checkpoints VALUES (48, '\xcf7c8ef1897ca2b4fdc374c0c0a466b0fae6812d2b7267044e450719fc7b07b4', 'release-0.1/decision-trail
48
z3yO8Yl8orT9w3TAwKRmsPrmgS0rcmcETkUHGfx7B7Q=

— release-0.1/decision-trail /YpjN3AytB2y3mN5x9UCnxY4KCbDaLF9PGdusy79K6YBsrlKVDtBH6harbIWVom8ghblXhiuwtfrNuEdqmt6nvBs+gw=
');
INSERT INTO public.checkpoints VALUES (49, '\xdff262a0caf57126ebfcf6808e289ed9035fbe38bde8be6dcf58d5ff6bd426b3', 'release-0.1/decision-trail
49
3/JioMr1cSbr/PaAjiie2QNfvji96L5tz1jV/2vUJrM=

— release-0.1/decision-trail /YpjN28ZWeTi9qkpDbEi/BQW/dpHpNUpPMxWSv1eSi5E6gIo3vjp/jDX7/+GCROOwXfuw+aakfCpD4NZ1B3HcUnmrgo=
');
INSERT INTO public.checkpoints VALUES (50, '\x4a173142ab61986f5fcb070d57b384b85b175cb67c5ecb3a2272def247cd46fb', 'release-0.1/decision-trail
50
ShcxQqthmG9fywcNV7OEuFsXXLZ8Xss6InLe8kfNRvs=

— release-0.1/decision-trail /YpjN2B82amUMVmxoU8kZisTa9VdSaKRIRx4L7VUpykxWHl436DslbyqoDzSKWafAJboTGNzJyOElCqrYfl1CEYfcww=
');
INSERT INTO public.checkpoints VALUES (51, '\xa80cbdf4455bcbcb66bf4f9087bd06758ad411056889ff95fb676b6edaa5534e', 'release-0.1/decision-trail
51
qAy99EVby8tmv0+Qh70GdYrUEQVoif+V+2drbtqlU04=

— release-0.1/decision-trail /YpjNysXx4M8DtxFL2j92Nd/tr+5cklPLF6pqTldIDfnUy3jtHIUZwCbOUHg2rAu9VZxKOS/rno55tT04qsXqFGsXAk=
');
INSERT INTO public.checkpoints VALUES (52, '\xe729e79395b33a30391d28c79ffbc99a0cca71f38520ad7af30aae6bbb367b2d', 'release-0.1/decision-trail
52
5ynnk5WzOjA5HSjHn/vJmgzKcfOFIK168wqua7s2ey0=

— release-0.1/decision-trail /YpjNxoWdUCAYbjqDrrFWcxnfepWi5tKHchRk67+wYuugJ1VrRhvdYzxvUodz/3J+2AsAPIo6TXhlp5lcho2QroGZA4=
');
INSERT INTO public.checkpoints VALUES (53, '\x4e84931856a29af6844a69135b4cf5294b2440bce1e11f71e52f6d5c45bad0c9', 'release-0.1/decision-trail
53
ToSTGFaimvaESmkTW0z1KUskQLzh4R9x5S9tXEW60Mk=

— release-0.1/decision-trail /YpjN4nTaeAA3pkxcBhJW+WDIwKXAv7eSbRLDolObKThr3Qhyxnu0hwHlP2uEfuQ3E9F+l9rHIBszbYvyr4Ca4H2PAA=
');
INSERT INTO public.checkpoints VALUES (54, '\x80a4d32ef7c33a8a21089952f975ee95727d1081089c3fd7431fc46df609879a', 'release-0.1/decision-trail
54
gKTTLvfDOoohCJlS+XXulXJ9EIEInD/XQx/EbfYJh5o=

— release-0.1/decision-trail /YpjN6uG8qo/d4xQAq6gP0GfKtMTdE2zmfrQ6kURDdtUX0h9gMyePozp3nwmO+d7SOTAsbETaq6uv3C7qFFDcUQxaQw=
');
INSERT INTO public.checkpoints VALUES (55, '\x280645d4568c7d544177add1ebaae3f42920931799847577dddc3481e9d691b7', 'release-0.1/decision-trail
55
KAZF1FaMfVRBd63R66rj9CkgkxeZhHV33dw0genWkbc=

— release-0.1/decision-trail /YpjN7e33Cyw/6l8//NlVBVedUqinPxYiDrQXGcLwhg1Bjq0g/p3d/E7Mf0bqZqGqkkDsh/Vz2B09hlJ4x4j3zg12AQ=
');
INSERT INTO public.checkpoints VALUES (56, '\xb6e47230ef20688b48c67e79ce7c1a5f2a95c8b5e78e88c076af3cabf2db5b16', 'release-0.1/decision-trail
56
tuRyMO8gaItIxn55znwaXyqVyLXnjojAdq88q/LbWxY=

— release-0.1/decision-trail /YpjN9opqMyhIpJn1kDVq5fmpi+vXpnvmwUNH4+lncJp45yIw830LUhWCPZljrRI4QF2NPAb+NlSqqMGzpClJgrQ3gs=
');
INSERT INTO public.checkpoints VALUES (57, '\x541a978f7441d42ff61f723e5073f6a58c1ec08c775eaff75d5f85f215199c3b', 'release-0.1/decision-trail
57
VBqXj3RB1C/2H3I+UHP2pYwewIx3Xq/3XV+F8hUZnDs=

— release-0.1/decision-trail /YpjN20fiUMkV+yvY9tbXy87b9MiQh8woe26LPF0Nc0qkI6OclrotGgPxABAPSK69/xp09mCz8Ll88LhnfGXIA2MhQ8=
');
INSERT INTO public.checkpoints VALUES (58, '\x906b74c73857e893a1c0227cf2fd3fdf2a18732756f4647be42a582b13bbe898', 'release-0.1/decision-trail
58
kGt0xzhX6JOhwCJ88v0/3yoYcydW9GR75CpYKxO76Jg=

— release-0.1/decision-trail /YpjN1hwzwPbR/AZswXq+9ru1UY3BVxVKk+kjOhrBNw3HSygcadLG2z/tcJxT5aznJxu97xMziXf93Qoc17jSwRjeAw=
');
INSERT INTO public.checkpoints VALUES (59, '\xc68210fff04455ea77124cbf9e1599599d3f9aa4d6ea1dd34b8b9917e203ea93', 'release-0.1/decision-trail
59
xoIQ//BEVep3Eky/nhWZWZ0/mqTW6h3TS4uZF+ID6pM=

— release-0.1/decision-trail /YpjN3dv8X6mi7dAtCrrVQD/T0jFrAZoP089pkOcKf/OrZoSUd0nkPu2p3wpXxlvVCeNuuMUm/QuQKRZ/LZdWNzi8A0=
');
INSERT INTO public.checkpoints VALUES (60, '\x0cba1396f88615e1d1cdb4745d87e0f39516da0c4b19f78281b84d5c3b8379b0', 'release-0.1/decision-trail
60
DLoTlviGFeHRzbR0XYfg85UW2gxLGfeCgbhNXDuDebA=

— release-0.1/decision-trail /YpjN+tpSzjPgi1fc7qqpfhgSvhnaMy42nFwvY4ZSTE078c8LviADwOj7QwrgOe8Vy0U9U3q0iPJGBuBHjD68LR7kQw=
');
INSERT INTO public.checkpoints VALUES (61, '\x572e0ca9ba1d54b8963d6a2d2639cff21975e47aea23920f04b1f1e8a57617e1', 'release-0.1/decision-trail
61
Vy4MqbodVLiWPWotJjnP8hl15HrqI5IPBLHx6KV2F+E=

— release-0.1/decision-trail /YpjN9RkFrNcOCfaxgyCepOYCKIETQ/KTsWcOdf9is3lvmoPT9CFbukn4/Cfe3zmNNsQCbWNCNtVa6O3Ui3hKpJJ4wM=
');
INSERT INTO public.checkpoints VALUES (62, '\x2641cb965ca59268864fb92b7714259ea9bb8b2985b371b218718dc7a12d8c41', 'release-0.1/decision-trail
62
JkHLllylkmiGT7krdxQlnqm7iymFs3GyGHGNx6EtjEE=

— release-0.1/decision-trail /YpjN9MhkyUndsmrGZvCcr3dNiT0mi50baFxDyrY3x9425nnJUn2qm4Ws3akYYSFBH6PTWGkYiyiy35MOBV/MuholAw=
');
INSERT INTO public.checkpoints VALUES (63, '\x41e61b857f6f4eaafc3352b3fa045a4ecbd0f12454d251f9ded2964b0334e2a1', 'release-0.1/decision-trail
63
QeYbhX9vTqr8M1Kz+gRaTsvQ8SRU0lH53tKWSwM04qE=

— release-0.1/decision-trail /YpjN8AkcD7PpVry5mpv3eOQJVewanJleMAUuYiemyMsJlG7A12XZ42KKOtO6Rt2IpYJolZpYs4uXEV9ULj7Pmd0FQM=
');
INSERT INTO public.checkpoints VALUES (64, '\x53c682ea73821cce1203f7d179040ed3304341e1502e55eebe42fe5fe0ea1429', 'release-0.1/decision-trail
64
U8aC6nOCHM4SA/fReQQO0zBDQeFQLlXuvkL+X+DqFCk=

— release-0.1/decision-trail /YpjN5ZQrEpQd3f4T7S74bp5QDQi/QqJ6jA42cVttfH7kl8Lka2OPEpb3Fdti/rcbGb78i55Z4sLpXCe2iYgUeYIzgA=
');
INSERT INTO public.checkpoints VALUES (65, '\x801d404f333901a4ddf906f46d94e0a441468581765b74f2ae9096df990cb83a', 'release-0.1/decision-trail
65
gB1ATzM5AaTd+Qb0bZTgpEFGhYF2W3TyrpCW35kMuDo=

— release-0.1/decision-trail /YpjNysC+etJfM4WsNbgtCncKvn/5jn/uz5J8YH3dzTz+evHzkeaQ8k6rmDbfgXrbRwr0czhVLD4rnRLvnCr+/karwo=
');
INSERT INTO public.checkpoints VALUES (66, '\x69e3836446be0ec88d65a9c14c479e25f1585ce2b4919cf86961520518fad6f8', 'release-0.1/decision-trail
66
aeODZEa+DsiNZanBTEeeJfFYXOK0kZz4aWFSBRj61vg=

— release-0.1/decision-trail /YpjN8wwtXEAqQrgJl3Il0Fkir3EwXlZnOZnfEPdLmyzSBMTkGsp+/zM8QzzXjRU5ozlBvVQJ4p9xzc+zW7HJ1Z1KAk=
');
INSERT INTO public.checkpoints VALUES (67, '\xc6a54883bcf3e2684d2ad5a098581468daaf9c9f0cc59e82a8159992406f352e', 'release-0.1/decision-trail
67
xqVIg7zz4mhNKtWgmFgUaNqvnJ8MxZ6CqBWZkkBvNS4=

— release-0.1/decision-trail /YpjN2arNNgBoWdyeHE7gIAYTCgIElr/AZyeQodG5GKYnnGqVCRTYK6rpUYQY31aDggi4wuCafdN0p0yjJPyBgiA6Aw=
');
INSERT INTO public.checkpoints VALUES (68, '\x9caf909185b086545ee47968d71dad02befa40bb199a52f53a25b62ba294f780', 'release-0.1/decision-trail
68
nK+QkYWwhlRe5Hlo1x2tAr76QLsZmlL1OiW2K6KU94A=

— release-0.1/decision-trail /YpjN59C9JIPrXEpI9/MXzzmyzm/TzMxIE6FmpQf8vGntW926k2O+TYFGNHVsGqqhPImoDvimFsLX2x9neySM6oq6Ao=
');
INSERT INTO public.checkpoints VALUES (69, '\x7be97f17b72ff95d1b3c1e30483c19394edbd9b6f02270d55eee9d84a20f5e76', 'release-0.1/decision-trail
69
e+l/F7cv+V0bPB4wSDwZOU7b2bbwInDVXu6dhKIPXnY=

— release-0.1/decision-trail /YpjN4FWdUINCgV0InlXXFVaSXULHH+0fkcV65VCtrCBZYX3PPhdWM+iV+s9ep+JrSGGteO6Ixmp5Se6KCc04n5DRQ0=
');
INSERT INTO public.checkpoints VALUES (70, '\x48b0f04731f59c23aa6017f4bcb89b30d549cc4591626e70d4ffe4e293b1e628', 'release-0.1/decision-trail
70
SLDwRzH1nCOqYBf0vLibMNVJzEWRYm5w1P/k4pOx5ig=

— release-0.1/decision-trail /YpjNxKvaSxmQwVMUs3PGhO5yhlkOi8npQxcSnWuGnwtYW3gKWgLK18KlBNctA73Fess0KS1UQqhBqa1gE67s92NWwA=
');
INSERT INTO public.checkpoints VALUES (71, '\xa4d77c1a7270a88752db356e321c0fefc1d223251418417465e3a8b9db416219', 'release-0.1/decision-trail
71
pNd8GnJwqIdS2zVuMhwP78HSIyUUGEF0ZeOoudtBYhk=

— release-0.1/decision-trail /YpjN4RUcmVOb2Zzc6CdkTrjseUZHSycANhJjoRD8ncRpLjDhC69PtwQLT1YTshn/Nw6YVFj2KA/Mm65H8x1DRcdgwA=
');
INSERT INTO public.checkpoints VALUES (72, '\x1e9c96e75a3072e217862a376aaa19f4c4db4c38e6c806ab1e1ac4901038c9df', 'release-0.1/decision-trail
72
HpyW51owcuIXhio3aqoZ9MTbTDjmyAarHhrEkBA4yd8=

— release-0.1/decision-trail /YpjNxablYWpGIXK85uNFfeuMqv/iJH6JEDdWo19SGL4cnAEkrmJEen/gbBt3ajUTxyUoBQM5BT9lFbeh58/Wn/gOgk=
');
INSERT INTO public.checkpoints VALUES (73, '\xa58779c5e45ee2bef67c9905cf59f6c5d0508a924cda212df7b2f7734f9411ec', 'release-0.1/decision-trail
73
pYd5xeRe4r72fJkFz1n2xdBQipJM2iEt97L3c0+UEew=

— release-0.1/decision-trail /YpjN+x4rBFa5rDI/LugulbjrsYnP/qlu9Wr3Y8Nml2OTuiGKtKEf3pcgl3zIASAJ1NpJViZi5+gVXK0B3cff0kJHA8=
');
INSERT INTO public.checkpoints VALUES (74, '\xc0d7b0e46916964f437913d0d3c61525058c057c63bf4c44f60f09773f34e8e7', 'release-0.1/decision-trail
74
wNew5GkWlk9DeRPQ08YVJQWMBXxjv0xE9g8Jdz806Oc=

— release-0.1/decision-trail /YpjN4v6lP+MFqD3GwRqjvJsAl+wOnErSFrB3XxMgd4j7gENrdZY3V08HeC2Is1qPA4feNzIN0XNtksD2LPAJ4C25wc=
');
INSERT INTO public.checkpoints VALUES (75, '\xc42eb965b82bf31b1120991ee2ae38caf12a6db568d833ad95f645988af6b847', 'release-0.1/decision-trail
75
xC65Zbgr8xsRIJke4q44yvEqbbVo2DOtlfZFmIr2uEc=

— release-0.1/decision-trail /YpjNwrPxXkNAflsvk1p9W9SePDZLlJ7jELQtxoKwV1WvOCbFJHf7MqZRABo264ayRXsEXCjBjtTEZflYMwyAG6m6gk=
');
INSERT INTO public.checkpoints VALUES (76, '\xdcdcd7ce91127305b2d5ba51ba807400012c2c0339a8bb9c6e0d55e1ae13faf0', 'release-0.1/decision-trail
76
3NzXzpEScwWy1bpRuoB0AAEsLAM5qLucbg1V4a4T+vA=

— release-0.1/decision-trail /YpjN0ORoeHU28JkJRAOfgGX2S2rfB9PcBZ+CXfpx+W7ccTrnh34pc05BhgpVWPhmvDzbvD/QIOhei0pvS0VyK/Knwc=
');
INSERT INTO public.checkpoints VALUES (77, '\xeaaa5689b3394c2643a840b6dfb3fa86124273ac8a1bc748e6178f3fe8a65fc1', 'release-0.1/decision-trail
77
6qpWibM5TCZDqEC237P6hhJCc6yKG8dI5hePP+imX8E=

— release-0.1/decision-trail /YpjN94B8gNFuGNlPmpx3eByFND/MT5H3x5dEoLzELk8hswTq6HRJbPl2QvT6rSTPpKKT/E9U8YswcCBq8EenFYG7Ao=
');
INSERT INTO public.checkpoints VALUES (78, '\x6110cb8f1bdee1cacb974d2a730501b0ebbbb27f19b6a5b458162d3fa177114b', 'release-0.1/decision-trail
78
YRDLjxve4crLl00qcwUBsOu7sn8ZtqW0WBYtP6F3EUs=

— release-0.1/decision-trail /YpjN57ejystKe2LbR8KnJaAoMSKNUolW7VQk38eWv08I6hwKajvrLxOa9DZ8KNV/WpsrC12aBxLupdJtbwUB6xC0QQ=
');
INSERT INTO public.checkpoints VALUES (79, '\x6cffad33cc5c7786cada639eca01f37e93fbc75ca331bfb575e191e216629db3', 'release-0.1/decision-trail
79
bP+tM8xcd4bK2mOeygHzfpP7x1yjMb+1deGR4hZinbM=

— release-0.1/decision-trail /YpjNzqkjH3ytR2PLX0Zz0Ji87W8fmfjeBdM92ql3zzHoDlfjzeNb8G7Czq2BzVvF4HL53ODBbyz5kczEY089mRDpQw=
');
INSERT INTO public.checkpoints VALUES (80, '\x83e5721f3f15f255b66c14311a4727a15b6bd2f7a538fe460e310dfcaa52b477', 'release-0.1/decision-trail
80
g+VyHz8V8lW2bBQxGkcnoVtr0velOP5GDjEN/KpStHc=

— release-0.1/decision-trail /YpjN0tUnonjGXrsX46YTslh5DJ4dEkC/JmucHTpB3abE96pc1ewSL2LGc1aAzrQxNPmhKqjFASvu2XrkFwuphQpJwg=
');
INSERT INTO public.checkpoints VALUES (81, '\x3d12531fd022584d7bd100a70d5fedec1037fdae918cb67b64ba4df70f949a35', 'release-0.1/decision-trail
81
PRJTH9AiWE170QCnDV/t7BA3/a6RjLZ7ZLpN9w+UmjU=

— release-0.1/decision-trail /YpjN4q+IEcu/MJkHA1fZoEf37cwnDp+NtjymTqK7HW2HIcL4gNcomMVhTYMvWYN0CZw+66CTx0CN8APabTDHa2sows=
');
INSERT INTO public.checkpoints VALUES (82, '\x2d261b8de0e885ab4649cb7e7488f25a39b82a074108958bb714c20a5c57c907', 'release-0.1/decision-trail
82
LSYbjeDohatGSct+dIjyWjm4KgdBCJWLtxTCClxXyQc=

— release-0.1/decision-trail /YpjNy7E9O7Qcqy16gtwWJlUmhUEtsZzNDptP6igC7AErAE2N46F7dWXNZ2odPwNvYa/IE2d1FIiff7HRCgzAZlC5Q4=
');
INSERT INTO public.checkpoints VALUES (83, '\xf506b9e170a9b8a2f257b1d6ccaf408a0c535560f6dc01c5f04a2042d3387546', 'release-0.1/decision-trail
83
9Qa54XCpuKLyV7HWzK9AigxTVWD23AHF8EogQtM4dUY=

— release-0.1/decision-trail /YpjNz2b5U0fQOa0hgiU7EaxLa57uT/I7KL2iMPGHBnreQNNyH3cz97Gabz6vs8gxktBrHnXcdePriwetuHIvhMnHAg=
');
INSERT INTO public.checkpoints VALUES (84, '\xedb928cbcffdc3d591bbb62b1c8f6a6d80c1e2cf7c6cf34d3d774f5edf2d1cf5', 'release-0.1/decision-trail
84
7bkoy8/9w9WRu7YrHI9qbYDB4s98bPNNPXdPXt8tHPU=

— release-0.1/decision-trail /YpjN2LdVht8+25IpdsKaQ0a0H2xg+dRyt2ZaThBDCNgcIlztGMwAgoOksoLDq/tf8zyGWAf+SEgkLoL/D+eXNPqsww=
');
INSERT INTO public.checkpoints VALUES (85, '\x1abde3cea1f70eca5706b98255b80fcc7ce21e2b1f517382940c6c0c7b16a807', 'release-0.1/decision-trail
85
Gr3jzqH3DspXBrmCVbgPzHziHisfUXOClAxsDHsWqAc=

— release-0.1/decision-trail /YpjN3FWTg39dTM2qPtD8QpFS0bEn1zGfvh+1GVuy+zNu4f+aE8xPgNAE5Kn6W/2dqi+3+f05Ba5hTfbFmeUF2k7rwI=
');
INSERT INTO public.checkpoints VALUES (86, '\x0cccf58f0393ba6afcc47069f5dfc08b4777a45f9219caf7c7790075244f9080', 'release-0.1/decision-trail
86
DMz1jwOTumr8xHBp9d/Ai0d3pF+SGcr3x3kAdSRPkIA=

— release-0.1/decision-trail /YpjN0GZcUJyEjyT36OHBUx3OP6sYEkfMcjBXEtixPa7biCPnFJXrKV8J97XJbJ99BBNf0cTvVxUgKNFDUsd/vsCDQM=
');
INSERT INTO public.checkpoints VALUES (87, '\xfaae6763621c61a8a92affd44801e8280ce531408706ac3cd543d1036ce9cc4a', 'release-0.1/decision-trail
87
+q5nY2IcYaipKv/USAHoKAzlMUCHBqw81UPRA2zpzEo=

— release-0.1/decision-trail /YpjNz7C4dAqUeukNVyO2TaNW4O+sYvht6rZPBvwmrOZDESheC733Kb5Iwd876//qZgPkgdSIJUYk1QrG9Arufblqgc=
');
INSERT INTO public.checkpoints VALUES (88, '\xdf5e31562b41eae2cefbd2bb44d9e9827e509116b795f623ef36b284aa752beb', 'release-0.1/decision-trail
88
314xVitB6uLO+9K7RNnpgn5QkRa3lfYj7zayhKp1K+s=

— release-0.1/decision-trail /YpjN9Ebqhh5A/k3ho7JKBpFr9Ca4p48OgygoEqR9A0bo+95/0Bej1J+PGOHfEfnNMiT4447rR2jrafOKg+981eYdgQ=
');
INSERT INTO public.checkpoints VALUES (89, '\xca83ceab17868fbb5060a626163fd1e2979567ddecfed59e6981e66feab7ac29', 'release-0.1/decision-trail
89
yoPOqxeGj7tQYKYmFj/R4peVZ93s/tWeaYHmb+q3rCk=

— release-0.1/decision-trail /YpjN2j/Y9rttkc6MJLf/n4+pP7XSNkI4oXQ5w+W8AcqRwq/8vyxBluEhZp2/N/f4kzq0NZlFa9Inr0XL0mzdAPBugw=
');
INSERT INTO public.checkpoints VALUES (90, '\x1c2507d5a0305db63646e9117d84fb4736fe241fed7366d760ff51d9409efa87', 'release-0.1/decision-trail
90
HCUH1aAwXbY2RukRfYT7Rzb+JB/tc2bXYP9R2UCe+oc=

— release-0.1/decision-trail /YpjN5a8rB/FAUcEG1TyVutH8UpgmdRU88iQ2U1uU55dlA0eXCqxHb4Jfnk9QWa1KfvJcSVigXDvetj6Tl4rdgTCZA0=
');
INSERT INTO public.checkpoints VALUES (91, '\x62546b450cb33449eb3b9425df996e2555b0d6fed93301d03f15725595b51207', 'release-0.1/decision-trail
91
YlRrRQyzNEnrO5Ql35luJVWw1v7ZMwHQPxVyVZW1Egc=

— release-0.1/decision-trail /YpjNzZTZwMgLWr62fh8uRlbLc+M1m08d+S6M2F+H7zfO/hQAs4kBzmWtmFLX5udqNOY245pvpHGNhziQEdh0oMCTQo=
');
INSERT INTO public.checkpoints VALUES (92, '\xa8f104f36a24063a0a69aea12ba29f06dd57006b30b25edf45c214de9a553d98', 'release-0.1/decision-trail
92
qPEE82okBjoKaa6hK6KfBt1XAGswsl7fRcIU3ppVPZg=

— release-0.1/decision-trail /YpjN0Awc78TKRKMOWmwMdc683ova/hc7yDi9rPdxX1vYqJzWZOmTuP04+gTe7A9vMLSGWi7qvUbdqvGAEWhG+6Xlw0=
');
INSERT INTO public.checkpoints VALUES (93, '\xab4c82a08d72db90218de4c3d6ac8785536b34918aa4f24197ec817e49c3915f', 'release-0.1/decision-trail
93
q0yCoI1y25AhjeTD1qyHhVNrNJGKpPJBl+yBfknDkV8=

— release-0.1/decision-trail /YpjN/tteexrkPyaYOpAX8uuU0nopXYNHFpu3WmeDpFNXye2hRE9iYWXZailBelLOhFyzMV0fztAv/Br/S5muK+8bQo=
');
INSERT INTO public.checkpoints VALUES (94, '\xa6d15615e454b2638695cc61486422d7b538c574c4b513e3169cef59bc60637b', 'release-0.1/decision-trail
94
ptFWFeRUsmOGlcxhSGQi17U4xXTEtRPjFpzvWbxgY3s=

— release-0.1/decision-trail /YpjN0JGEhdovaWhJbnZce43HoqREfx2Ttl7jKFKHL1ICMsnuafIV8QhIKsF1W1tPri9S3MZae6mdTOHQ1/cFWVqXg8=
');
INSERT INTO public.checkpoints VALUES (95, '\xf7a4a1a0385c3855afee79da66736548b0ef9efd1900c41d059cc70a81a871a5', 'release-0.1/decision-trail
95
96ShoDhcOFWv7nnaZnNlSLDvnv0ZAMQdBZzHCoGocaU=

— release-0.1/decision-trail /YpjN43Xg2UTWnHVvKaC0BmqGAIpeCryaFBoNFX7Xpnl3nqM1IixoxjAM8ua8iWaYLgxFWfmlpOwlquDwQzkn5e5HAw=
');
INSERT INTO public.checkpoints VALUES (96, '\xcd9c710bcbce763f9a6af2d708bd512aa0917bb5c0f0cc0a37d04ff076a7ee6e', 'release-0.1/decision-trail
96
zZxxC8vOdj+aavLXCL1RKqCRe7XA8MwKN9BP8Han7m4=

— release-0.1/decision-trail /YpjNyDYg0lYekzPvXVAEb/Z5X9rxDe+xj+ZGyYUdBSfHklhyDbNKthnOvfJu0natLVA3vHmJk8bx3/gEy8cMR8J0gk=
');
INSERT INTO public.checkpoints VALUES (97, '\x3c10af8f95da94d67957785b4c104a2ea6b7a4ca87037c90d80be2990eec2dfd', 'release-0.1/decision-trail
97
PBCvj5XalNZ5V3hbTBBKLqa3pMqHA3yQ2AvimQ7sLf0=

— release-0.1/decision-trail /YpjN+xDyGrG12DTe7G30c6EMHfrSDsAQL/Fn3g8gKs+oWadKAvt+rC3Vuqh3ip+1psomCs+ISb2ywVqgVy1suVgbAk=
');
INSERT INTO public.checkpoints VALUES (98, '\x55cf6528032a18244f003a87b585f467fd46159c1ea3097d58eaa58528f66962', 'release-0.1/decision-trail
98
Vc9lKAMqGCRPADqHtYX0Z/1GFZweowl9WOqlhSj2aWI=

— release-0.1/decision-trail /YpjNxOeAK/Eb/1oQI+TjkdDJiMzCmw+ofQGbqLjPDuSLCg7LOoDl6H3KWkutWClsgHxAsU0qeZilgG0rYgy/ZkMtQ0=
');
INSERT INTO public.checkpoints VALUES (99, '\x6b31bc9f8b93c0d6f6d0836c0d9135abd392fcadc8f3d520b94c872fa3a75458', 'release-0.1/decision-trail
99
azG8n4uTwNb20INsDZE1q9OS/K3I89UguUyHL6OnVFg=

— release-0.1/decision-trail /YpjN4KLjdFxXTFw6l0iNTZwX0gKhRN73kn0RbUz6fdSZX652cGWaasXWBHb9rqp5h6MhU2hyaGet7WmvqFm+7XNOgY=
');
INSERT INTO public.checkpoints VALUES (100, '\xfed691ad0b7aa9f88388994fd48ce0404a54ce55fde230bb2eeac9b2e58f4e7f', 'release-0.1/decision-trail
100
/taRrQt6qfiDiJlP1IzgQEpUzlX94jC7LurJsuWPTn8=

— release-0.1/decision-trail /YpjN3j9A9BxFt9ooBzwYxuuxsIfKlSxuXW5+Oc/c/kHOl+ufQ8x53WqDLhHZhHk7G+rgMsYVhg79EcPDRUXgplxHwI=
');
INSERT INTO public.checkpoints VALUES (101, '\x30dde0b24f464ec6025c280533bea18cdaf29353d22c8147efbdf05326c687a4', 'release-0.1/decision-trail
101
MN3gsk9GTsYCXCgFM76hjNryk1PSLIFH773wUybGh6Q=

— release-0.1/decision-trail /YpjNwvBNzl05eF4bj4jeFbJR6/wWPcJUqIolsPAdSB8lB0IW6+p3WRbKR3cg7GeLgT8i4frPE6nzk/aaPJbGYRWcwM=
');
INSERT INTO public.checkpoints VALUES (102, '\x3dd2ff0166d1e9edf1120b47c8fad87f4736aea513afd676c6cb17b0fcaf2a34', 'release-0.1/decision-trail
102
PdL/AWbR6e3xEgtHyPrYf0c2rqUTr9Z2xssXsPyvKjQ=

— release-0.1/decision-trail /YpjN09NIfExFrisIVvhK31MvDJebAQX09JR6NqO25pgcaosQS9edhY9wIugUejwct6Po3I/DuuIDszENcBGg+e5jAY=
');
INSERT INTO public.checkpoints VALUES (103, '\x6d9e6dbb3ebc86a4347d2b7bf8aced98917a1b7ea6148a15a114093a62be2ab8', 'release-0.1/decision-trail
103
bZ5tuz68hqQ0fSt7+KztmJF6G36mFIoVoRQJOmK+Krg=

— release-0.1/decision-trail /YpjN9Rhv9OmFvb9Kw+GOiIqVcZTXFhsYVksUSF36O64gJClKz9mJUR21hEHF6XzkX79dDXvyfWYLPvxwzuIm1SfZgs=
');
INSERT INTO public.checkpoints VALUES (104, '\xe3fab800ccc68fefd3807d4c2a30db64bdb08e94e7917f360c537c707e4ad8b8', 'release-0.1/decision-trail
104
4/q4AMzGj+/TgH1MKjDbZL2wjpTnkX82DFN8cH5K2Lg=

— release-0.1/decision-trail /YpjN7G9Qzx8BEkWwVWYVOS41Qlq6eckVWd2HNUSGyZFOj8r7ol8ldIdK5bwpLik9Hu3T7kFBsQWvtEqd2j/nXnVrww=
');
INSERT INTO public.checkpoints VALUES (105, '\xe6b3152ae74599dc7783ee9c109db6b4bb0e4f30638891c91e6387af3f0b83e7', 'release-0.1/decision-trail
105
5rMVKudFmdx3g+6cEJ22tLsOTzBjiJHJHmOHrz8Lg+c=

— release-0.1/decision-trail /YpjNzzlRV6Bmb5LYWtFdixkzPOzk5ljbAT54AXNKsZ8fPMI+eCnBBuTaR5P4PdcaMInmoJamfPaqpUFrZUI5SW/cAM=
');
INSERT INTO public.checkpoints VALUES (106, '\x0e036054fffac574dcfede988f108049b3377e2bd8375b325d43a806e1872627', 'release-0.1/decision-trail
106
DgNgVP/6xXTc/t6YjxCASbM3fivYN1syXUOoBuGHJic=

— release-0.1/decision-trail /YpjN0A/3qMRjU/NPOcPDXl1h9dsYOmGCaHZAqblDLLHEqlVTOPZ/eQzJzK218+IB3tONi1gwNLgrHCI0zJ9rNNbtQ4=
');
INSERT INTO public.checkpoints VALUES (107, '\x3c29d738377ae30648d71667b85e0bbdac18b61071bb20dbe4f956b72a7bd5c9', 'release-0.1/decision-trail
107
PCnXODd64wZI1xZnuF4LvawYthBxuyDb5PlWtyp71ck=

— release-0.1/decision-trail /YpjN2MSx+xti/+lKQdNTRbgSbQWrYp2DeAJmnacHhGitDphqB0J+XU4eR0m8CVUJBJCGqgZqx86wYrJaL4PRISDcgs=
');
INSERT INTO public.checkpoints VALUES (108, '\xbd2843c5d224b1a68395e9344ed94ed122d0f91ddb327fcb63d0731fa905f9bd', 'release-0.1/decision-trail
108
vShDxdIksaaDlek0TtlO0SLQ+R3bMn/LY9BzH6kF+b0=

— release-0.1/decision-trail /YpjNznYBrMZygk/HlgebjZxljLJQd3c1TYwSd3qyrBXE9vCxlg1NqXj4AxX7mWpCYvmDJWL4GgPV0anFnwqd7/Y3Q0=
');
INSERT INTO public.checkpoints VALUES (109, '\xa07ff00a4ddc6f7110fb2f27a731aac2a2992f4aba2159278b16bc321cdad6f9', 'release-0.1/decision-trail
109
oH/wCk3cb3EQ+y8npzGqwqKZL0q6IVknixa8Mhza1vk=

— release-0.1/decision-trail /YpjNx8kX/un+5gf0NGH1VXDUybtdh0dg9K9odYwHXn29B4a60/67k+HXADw4Ih7z5EcMbaAPllWNQXi52QC5RKtJAk=
');
INSERT INTO public.checkpoints VALUES (110, '\x0ac62b909f24158f17eeb0ead589635c3918326be6dda4ba0dcd8c85d98ccd3b', 'release-0.1/decision-trail
110
CsYrkJ8kFY8X7rDq1YljXDkYMmvm3aS6Dc2MhdmMzTs=

— release-0.1/decision-trail /YpjNw76rhCCNYf9pFoQNZe6tlRSJO82h61mSIhcusLpDih+eJICdAc6fttQ1o+hEwRY9uU0Cuth3EdSkNdRJLmc5QM=
');
INSERT INTO public.checkpoints VALUES (111, '\x87ef1d97fc03d747d37dbc6c825e9d998872a6675ea73fcafd00399ffd8db662', 'release-0.1/decision-trail
111
h+8dl/wD10fTfbxsgl6dmYhypmdepz/K/QA5n/2NtmI=

— release-0.1/decision-trail /YpjN+l0c5Q3yzfgZ9BT4Eun44vxQF5HebhmUhKY3ykju6CSbnRxQd4sSZ3YEwutx0wmHgNYa5UiWy527x+pyGbr2gc=
');
INSERT INTO public.checkpoints VALUES (112, '\xd81d23db07240d1469d3b67fc2def2bb3b33aa051fb6aee4d05f87a94164d2bb', 'release-0.1/decision-trail
112
2B0j2wckDRRp07Z/wt7yuzszqgUftq7k0F+HqUFk0rs=

— release-0.1/decision-trail /YpjN8nUAEIprH9dpUAsAjhetc6JG5BLW3diZnfFaA5AV53fBS9RTWkmHDUY4UuFvQVh9b6BZTRAacI9J/Xf/BI/KAU=
');
INSERT INTO public.checkpoints VALUES (113, '\xd6e41304a31bdba2fd0db672aea0cb3c4499330741b51d9cc77552b80a6a1385', 'release-0.1/decision-trail
113
1uQTBKMb26L9DbZyrqDLPESZMwdBtR2cx3VSuApqE4U=

— release-0.1/decision-trail /YpjN9Zbx/yM7WUrkbPs+ynxUOW8aAuXhhmZ5ltaAge6G1e3pS8CGEtM4KKigIyobif6ZwX1kOr/69gPOkjvwesFkg4=
');
INSERT INTO public.checkpoints VALUES (114, '\x7d8656ee0d8d945494f7312dad01fd9936e918931bc2105f4ab4707fc9e44acd', 'release-0.1/decision-trail
114
fYZW7g2NlFSU9zEtrQH9mTbpGJMbwhBfSrRwf8nkSs0=

— release-0.1/decision-trail /YpjN0/QeDN66HRWhrup6NLteWfzMLSVM7XakJ2CS3sf4StYUSBMTp9nKj7KAszOX+8X7/gfjgVoaZTS2y5LdBCEmAo=
');
INSERT INTO public.checkpoints VALUES (115, '\xcbf2407e749f57f2e0068854ca80a163e670f6d6b340ad61e978b4be8819979a', 'release-0.1/decision-trail
115
y/JAfnSfV/LgBohUyoChY+Zw9tazQK1h6Xi0vogZl5o=

— release-0.1/decision-trail /YpjN/sTyJaFIxgaZakhQqGikZknivazpetzV+zbttVdtleyfXJLv36n6b8z+lguTgW3adYlM+hmaOdDGG9IOaNKvgw=
');
INSERT INTO public.checkpoints VALUES (116, '\xb44cdc7f82e0146c446a76d283e061194894bbb72c95cc12b950b3b40f64c56a', 'release-0.1/decision-trail
116
tEzcf4LgFGxEanbSg+BhGUiUu7cslcwSuVCztA9kxWo=

— release-0.1/decision-trail /YpjN2bfdlmw3Plb6S3v02xDzV5c2d0sPY9dYXTqe5GWEJQ4JjxzKvtGH8xi4pH0sUePqdNFfur64iXlxMohjeCEOgo=
');
INSERT INTO public.checkpoints VALUES (117, '\x935efff4884c9234068d1be8c75a7d53f167f8a7fb4c1c172d4d7229c494570f', 'release-0.1/decision-trail
117
k17/9IhMkjQGjRvox1p9U/Fn+Kf7TBwXLU1yKcSUVw8=

— release-0.1/decision-trail /YpjN5PG6nZ3NLogpXLwttmkAV/Cm8+PD5mLZ+iqApzk6EgqPL5Eh/kSjzD+u2S4vNzaVO/3HsJl1if95WhIXL7KIwY=
');
INSERT INTO public.checkpoints VALUES (118, '\x57cda18f6db449245f86d6d5d6865767bdbe25a723cb41d78e124c3f340df5a1', 'release-0.1/decision-trail
118
V82hj220SSRfhtbV1oZXZ72+Jacjy0HXjhJMPzQN9aE=

— release-0.1/decision-trail /YpjN4U4fOpGM1bAQ1lFmjeayZid2v/Y+rAONcIA2PZ5Tdy02eLYTwLRJD8B5AXn8jFRpXG3/4jO9jOGMyREAKwNIQY=
');
INSERT INTO public.checkpoints VALUES (119, '\x6818ed3d7e1b739deec6b4cfd3ce0c055fc8319efea7861469ca0c35659c3883', 'release-0.1/decision-trail
119
aBjtPX4bc53uxrTP084MBV/IMZ7+p4YUacoMNWWcOIM=

— release-0.1/decision-trail /YpjN0vDRDPdT3wTtcpMLdUPHUaXQuiFpZ70D+hji7M5TOWIXbWcGr61s/IDXj+SUi+tSJ9bMQqpBcag8kbfncefTA8=
');
INSERT INTO public.checkpoints VALUES (120, '\x06707bd5b5242976f47ce73a0357f959e671ce691bd7c336213e6353e6cd0c7e', 'release-0.1/decision-trail
120
BnB71bUkKXb0fOc6A1f5WeZxzmkb18M2IT5jU+bNDH4=

— release-0.1/decision-trail /YpjN6OQ+52UKsFM4D6kBGPkhY1d6wYdSEBsNesZU88yY+dPyM+dCM2mz+ncYa9DIx4TxVZ4Vxjy9pquwe+rwhgiywA=
');
INSERT INTO public.checkpoints VALUES (121, '\x0ec6c127a55bf567299cd11e1c77e5bed1a0042c4b30a743f75f01687ca4a61d', 'release-0.1/decision-trail
121
DsbBJ6Vb9WcpnNEeHHflvtGgBCxLMKdD918BaHykph0=

— release-0.1/decision-trail /YpjN26MvNbdMT22bR12HLQMp6QdefrOO4ccbrujErqz7kt47ZRrIkiR9r9wTHHztuXZy5qDx6Tom+LJaUC/GD74GwQ=
');
INSERT INTO public.checkpoints VALUES (122, '\x38f74d0399bc2a8617d0d700688d484830e7ae7fbc6c207f29777dd21bb8e0de', 'release-0.1/decision-trail
122
OPdNA5m8KoYX0NcAaI1ISDDnrn+8bCB/KXd90hu44N4=

— release-0.1/decision-trail /YpjNzyxKC1QV/Mr1WxHUBu+7fVxThdrG7y2s4toyN9XtHI7SF0lzxtgDJN8ieo7TrPXZcmJidYiOe6nF9MTTZwtUAA=
');
INSERT INTO public.checkpoints VALUES (123, '\x9b029a70384be9daf3063a20a991f26d30495dfa7497986efc25b52aeafc9ecf', 'release-0.1/decision-trail
123
mwKacDhL6drzBjogqZHybTBJXfp0l5hu/CW1Kur8ns8=

— release-0.1/decision-trail /YpjNyXqyRvfOvFYuY4eoDsf+Zh6IVm0oQfHwTn48t50VaNJ1+kpxecoSIuOjciU4Qg47vgXPJmP3S9BG+Q3itAJ6Ac=
');
INSERT INTO public.checkpoints VALUES (124, '\x629300bca1b2732e0ca8bad7c8ae73a9302627a6b2383f03bf45936f42cfe1b3', 'release-0.1/decision-trail
124
YpMAvKGycy4MqLrXyK5zqTAmJ6ayOD8Dv0WTb0LP4bM=

— release-0.1/decision-trail /YpjN83ch5aCr23uzDVhjGA97UH1Dp2t2sQ3654RT3Geva8z4Kop5UIhYXqtWBQ0gFCdfYq+ILxldUis6PFbP6I5Dgg=
');
INSERT INTO public.checkpoints VALUES (125, '\x84f25cd24fe134230fe26369130e7afae6dc1b032d5fd584eeb5157ad3e8e5d3', 'release-0.1/decision-trail
125
hPJc0k/hNCMP4mNpEw56+ubcGwMtX9WE7rUVetPo5dM=

— release-0.1/decision-trail /YpjNwjefcd60tLoT+Ho6gRZrGdkdt68DAN65jHv6icQwlOVv4SXSG+y2Y7djEU9u5uwEAoXW65v5KsSVtXoJpM7Dww=
');
INSERT INTO public.checkpoints VALUES (126, '\xef3dd8e9ddbb42f9a6382606e08d83aa30b066507daa4f8a55466b3c06d31c67', 'release-0.1/decision-trail
126
7z3Y6d27QvmmOCYG4I2DqjCwZlB9qk+KVUZrPAbTHGc=

— release-0.1/decision-trail /YpjNzES2djDFSEI1Xso6D0EBxNBCedFEnV2P8tI4kDwWrxnCgkUvtEH1si+lAkQ2EQ/BNjo3+IHF0E3Qz4PRJ3JLAI=
');
INSERT INTO public.checkpoints VALUES (127, '\xf9dc0b9ea977bcff235b91b0272204904561170be9beae426f0962a5148de85f', 'release-0.1/decision-trail
127
+dwLnql3vP8jW5GwJyIEkEVhFwvpvq5CbwlipRSN6F8=

— release-0.1/decision-trail /YpjN+fj0ke+PBdrTeHNzaltCYQu/VtnBTlZuejFS17/p4ZfhXs+Sm7DAU2JWDfEq0X32nsD8Fw/yZBe1DoVvR7lYA8=
');
INSERT INTO public.checkpoints VALUES (128, '\x3b7c7f5083c9541ab0d968fde23350a05197aff10c921b96795002e7b6a93d5f', 'release-0.1/decision-trail
128
O3x/UIPJVBqw2Wj94jNQoFGXr/EMkhuWeVAC57apPV8=

— release-0.1/decision-trail /YpjNyR7rifafSNrBsFFUGjLPLWvn+x3Tlz/cyOdTrT+gHZIIhfIMlQ0YtPCQ7DtgweOJQM9rNnE3dZhltxe+dm6EwU=
');
INSERT INTO public.checkpoints VALUES (129, '\x1ccdc61f9f7277ae356e98f965209d48d9b3b59aa8265f7b0b23d82edc6e5409', 'release-0.1/decision-trail
129
HM3GH59yd641bpj5ZSCdSNmztZqoJl97CyPYLtxuVAk=

— release-0.1/decision-trail /YpjNwdiJjF0dOSM5D9GfcEGaDA18Ru7vEu4e2cLv1eSVwOWPOFBWH8kSzTyD+YhOqNqFb3TZzsIDJV5rX05b49qVgU=
');
INSERT INTO public.checkpoints VALUES (130, '\x00f0785ea263683765f494f036bc1cbeefa0d47354c8b1797d40ac105df90741', 'release-0.1/decision-trail
130
APB4XqJjaDdl9JTwNrwcvu+g1HNUyLF5fUCsEF35B0E=

— release-0.1/decision-trail /YpjNwPRjMC6LRqeQ7I3JgAyXPTYuleW7oOGVrNNkxoNMvaKXV2YnwQkLdYTVDeCmo08IMQb/rlD9YrRoxG8/vENFgA=
');
INSERT INTO public.checkpoints VALUES (131, '\xafc78d9126fb72ec6510396566910decf4f1430b15ac02d8f24f2fd5924c5c7c', 'release-0.1/decision-trail
131
r8eNkSb7cuxlEDllZpEN7PTxQwsVrALY8k8v1ZJMXHw=

— release-0.1/decision-trail /YpjNwgaUY5y6E2eLl7w8v6su4I3cT5vFrT9JR0TXNBvryHbf1fJ1bxOshbjd4MR27vB/icNzNGwSrPN5wJk+7DKGgM=
');
INSERT INTO public.checkpoints VALUES (132, '\xcc50fa4af0d117f04805abee8d8ed4f202c4db5ff34c3b0eaeea5804870ea150', 'release-0.1/decision-trail
132
zFD6SvDRF/BIBavujY7U8gLE21/zTDsOrupYBIcOoVA=

— release-0.1/decision-trail /YpjN6Amj04ZB1GYvHP2IOgAOtpzfX5NtINohQhQzYhKtgZUBB0YdqGZcSUS2V4tlMm7d8EtUHChY4E1w7X5lH9Kggo=
');
INSERT INTO public.checkpoints VALUES (133, '\x2a2bc82061083d98c774aa2e476b447ad35ea31eae5878411880a128f054c298', 'release-0.1/decision-trail
133
KivIIGEIPZjHdKouR2tEetNeox6uWHhBGIChKPBUwpg=

— release-0.1/decision-trail /YpjNytGSKXvCznfpFKUsK0NU1Ad/JkP0tmSXg3DDPNiDxWH63zU2d/iIrSzBbkpis6J5PlYxoqWebloNlj+A5h+bAs=
');
INSERT INTO public.checkpoints VALUES (134, '\x68220cdaa3f76a96eddb26f99b8afa16340628a3a573eb1a348e49c69ab01800', 'release-0.1/decision-trail
134
aCIM2qP3apbt2yb5m4r6FjQGKKOlc+saNI5JxpqwGAA=

— release-0.1/decision-trail /YpjN6CR9QqN1QDS5obHVMwVM7Bgdr4Qsmkk0qpXyM8M1ZSENLLo6L1/z8NzwjcDgu5dJhwHHqjchfKlxP2B4MHz2g8=
');
INSERT INTO public.checkpoints VALUES (135, '\xb5040dda9e39126098990e083d722b28a35316af2a6f2a9f01ae9400c0773c1a', 'release-0.1/decision-trail
135
tQQN2p45EmCYmQ4IPXIrKKNTFq8qbyqfAa6UAMB3PBo=

— release-0.1/decision-trail /YpjN7iM4SPoA+dPoXJAMUX+7By+00jT9UfOMvhxjYaCF2PRz6QxoF1TwmX3S9M7PrpvH5T3SbWC8UBdfACF2bA7two=
');
INSERT INTO public.checkpoints VALUES (136, '\x8aee24844f101a06ec9092dd4ccf4c1c2dab1f3cdeb2c5c41cc3b265b739eb72', 'release-0.1/decision-trail
136
iu4khE8QGgbskJLdTM9MHC2rHzzessXEHMOyZbc563I=

— release-0.1/decision-trail /YpjN+htZzYSL1VpwsX8g4lPt8Cj/a40g+Aij4XoIbnppHSfJ4yiRRazuJj5pFlNC9+HkiVsj9W+Bc2SS1skb2KPfAQ=
');
INSERT INTO public.checkpoints VALUES (137, '\x6af9edf5f4ed97d42a7db78ed31703f20af8a40437ff1b43d5b32cab57d4aa53', 'release-0.1/decision-trail
137
avnt9fTtl9QqfbeO0xcD8gr4pAQ3/xtD1bMsq1fUqlM=

— release-0.1/decision-trail /YpjN0q0ELkAVlNijHon8+tIVihKt4xMVvhYMBKcKu/dc2Wk0Ao5TIpFV1wiXpkx5eHosViyeEh50BjsuliUpHlZgAg=
');
INSERT INTO public.checkpoints VALUES (138, '\xd3ea2b712b03235a0b2cd60de49385076222eddb2cd31ef9d6ae6fdee28fbbd3', 'release-0.1/decision-trail
138
0+orcSsDI1oLLNYN5JOFB2Ii7dss0x751q5v3uKPu9M=

— release-0.1/decision-trail /YpjN5ufWRbtUeBQoFqjpsbx1C2DEok2vLyQ/2XUZGksOo1zjSP+8jvqsfunoucsajbB/yb5RPZlu/54jd9i94wgRQg=
');
INSERT INTO public.checkpoints VALUES (139, '\x57b18335bc079e897667a8f90edc172ca3c171e861ea02259bb38f0681dab9c4', 'release-0.1/decision-trail
139
V7GDNbwHnol2Z6j5DtwXLKPBcehh6gIlm7OPBoHaucQ=

— release-0.1/decision-trail /YpjN/7+m4HSFT/YoxbcJ+qceik0aY6Xl+vN6+jYgmLYK/mH0w6FQuSBiSkrB3pWsGBQTf+nuwoV/XHiL3Ojlmoe4wI=
');
INSERT INTO public.checkpoints VALUES (140, '\x31c31d3f39204fac149f5d241d48b4d3112f9b4a1388fa1c8f74febc12dfc36e', 'release-0.1/decision-trail
140
McMdPzkgT6wUn10kHUi00xEvm0oTiPocj3T+vBLfw24=

— release-0.1/decision-trail /YpjN4Qzg+CCMz7NmxfcZ+ja6mqMPLBxsU8/SL5zvq3YlkpyqvcCUsMTZBiyoaNSd/qalmSm4f8iMHlGm1xzOLaf+QQ=
');
INSERT INTO public.checkpoints VALUES (141, '\x61b29188c440aa3bf2e0b0fd2e89a447cb991bfc2ab3b2f709059f3327093acb', 'release-0.1/decision-trail
141
YbKRiMRAqjvy4LD9LomkR8uZG/wqs7L3CQWfMycJOss=

— release-0.1/decision-trail /YpjNyMBrXR/d/7dcoZGHan6Nd95LZBtziXM//H7CWWrMH0488ldLuc68MiC80XCw3vyLhm8iCQseJaZAeXvJWMfoQg=
');
INSERT INTO public.checkpoints VALUES (142, '\xf31bbd6c01c4dd70fd629750b40a5d4bab24fc57b2968e741f1433d281c9506e', 'release-0.1/decision-trail
142
8xu9bAHE3XD9YpdQtApdS6sk/Feylo50HxQz0oHJUG4=

— release-0.1/decision-trail /YpjN54zhjdYXIUchYKlw4KJAiqRgtnQHDCKGMj5KKy3FdSCRAijQPJVOet+Q2kIgmjr29qr8QWFBKj7r1SZmziiGgE=
');
INSERT INTO public.checkpoints VALUES (143, '\xf25fdd47761a68b6faae6ed6c7d7650d12d4b9ca39684f53452c9638492bd5b1', 'release-0.1/decision-trail
143
8l/dR3YaaLb6rm7Wx9dlDRLUuco5aE9TRSyWOEkr1bE=

— release-0.1/decision-trail /YpjN1WJWZmiGYIQdYw1bCfCIfYsjFirF7Louiz4FzGsvn3kzEobuPzr+Hnky643joC7fsaRoAfTUvImLkHLEomwwAk=
');
INSERT INTO public.checkpoints VALUES (144, '\x8aa699a5b313ce086d77023b063b8842d5b3cad43bfe69bc43a2a632ab651c94', 'release-0.1/decision-trail
144
iqaZpbMTzghtdwI7BjuIQtWzytQ7/mm8Q6KmMqtlHJQ=

— release-0.1/decision-trail /YpjN6pnPgtu7o5aNlPVmAJAEDwSLI3+hVhOWyjRECCoTbhskOoKbg779AeW1EKfEuRQduE8Loadfi+5JYf1K3oS3QI=
');
INSERT INTO public.checkpoints VALUES (145, '\x7ef358c327df466215f96ee1c185a095a8949362fc0ef0ddbfff1213940c3a70', 'release-0.1/decision-trail
145
fvNYwyffRmIV+W7hwYWglaiUk2L8DvDdv/8SE5QMOnA=

— release-0.1/decision-trail /YpjN4VWVOT5h4HMFvjqBvT/2tZ3G9sgI8Cj0jkrkZ7Uvhj3GhxICErSvnPqK7eHMGLDq1SRml3HW0nr8RCeDgazBwA=
');
INSERT INTO public.checkpoints VALUES (146, '\x3e1f8b1320aa59d980df7b83816bc6bc70905d7259843c19ba06a02c41e0f9bb', 'release-0.1/decision-trail
146
Ph+LEyCqWdmA33uDgWvGvHCQXXJZhDwZugagLEHg+bs=

— release-0.1/decision-trail /YpjN9EID8FpBim1J1jL73yzEl1CYrt3fi4vldwogN13zixwkGBKG9He/z00NpUO9k0rGHcUXXKytrBrHGbY6tw9Lwc=
');
INSERT INTO public.checkpoints VALUES (147, '\xbda63e880f2c1ce9f1ec16f6ef4315a3cb15f2e660c028425ab75d9a2df924f5', 'release-0.1/decision-trail
147
vaY+iA8sHOnx7Bb270MVo8sV8uZgwChCWrddmi35JPU=

— release-0.1/decision-trail /YpjN6xu9aN3uwQ8MZpdnP2A3HD2Pc7mXlyyIYR1ju9H/Yl/bVWAIvbz65o1Gt+7vLxO8GWaj1ilrQ46Jzvd3tNbsAY=
');
INSERT INTO public.checkpoints VALUES (148, '\xb5a742b11c0d1985eb6754a820c52a26fbaf412236c454bc492bd0760c746a3a', 'release-0.1/decision-trail
148
tadCsRwNGYXrZ1SoIMUqJvuvQSI2xFS8SSvQdgx0ajo=

— release-0.1/decision-trail /YpjNxfFkJkk/tdHBcHVrhRaAsodEj1m8I/0sKA/7AciOUjMS7xDySM7c2xNU/JdFXav4anwqYrRgTmYBFLwrtkAjQc=
');
INSERT INTO public.checkpoints VALUES (149, '\xc193f0d1eee7f13922e2a3756e6ffe95d0502b655428c610cb3202e37e81041c', 'release-0.1/decision-trail
149
wZPw0e7n8Tki4qN1bm/+ldBQK2VUKMYQyzIC436BBBw=

— release-0.1/decision-trail /YpjNxUq+loN+8N9gar86XC07vlUBrG+1Z248xhMypJvzrd3tgA44yTX8qoc29jIuPxWrDF7kOPmti0rZEsyVUINMQE=
');
INSERT INTO public.checkpoints VALUES (150, '\x55041e51b86c19450374db6c977b5b8e7f44f713b03b1c27a0f86fef3f70bff1', 'release-0.1/decision-trail
150
VQQeUbhsGUUDdNtsl3tbjn9E9xOwOxwnoPhv7z9wv/E=

— release-0.1/decision-trail /YpjNzVoHHFxeEJVNnElogS+19SWJp7PXKf09IBkSB9BIr0n3y/+AiOKxRwvS0tFja/Gb/ARqu0PM6WxAf3TJQxsdg8=
');
INSERT INTO public.checkpoints VALUES (151, '\x7ad90c2b01f97267057ffba466ab6d73f86f18280484fbb529ff65e5c706b061', 'release-0.1/decision-trail
151
etkMKwH5cmcFf/ukZqttc/hvGCgEhPu1Kf9l5ccGsGE=

— release-0.1/decision-trail /YpjN4SYUgYB0RZvaQB2pXyufcaedIkIhY+KxwxQ0nKCtcWRiLvwjrvAKmJhjAufnai7J7Svf29KJtTO3uQFfSFdZQQ=
');
INSERT INTO public.checkpoints VALUES (152, '\xa334e18cf88618d74921028d95d9088f20ece51a51fa884753a88658b51b7518', 'release-0.1/decision-trail
152
ozThjPiGGNdJIQKNldkIjyDs5RpR+ohHU6iGWLUbdRg=

— release-0.1/decision-trail /YpjN/YIw6o7QJrz55+ZAjk0jVFdef2WUCI/LcS3bf1mnjLHVfEHOlrMxGcMxojhWQChXLnAWIjwzeWpBaAguOzqPQI=
');
INSERT INTO public.checkpoints VALUES (153, '\x44a0179994ca00263b8ffd1ce0bc4c07b514f701e211c51ff672ea04643fad3f', 'release-0.1/decision-trail
153
RKAXmZTKACY7j/0c4LxMB7UU9wHiEcUf9nLqBGQ/rT8=

— release-0.1/decision-trail /YpjNwHWIwWjKudCunzQgnNRiqs439QTt2CquLKBuhbKEIt+frU7+rFN3xXPnzM2wukRg0HTNYafjAMWiLXKKmCXMAI=
');
INSERT INTO public.checkpoints VALUES (154, '\x02c2016206f1983cc3dc595d54baff10f5a44a54655de083581c97bf2c8180f8', 'release-0.1/decision-trail
154
AsIBYgbxmDzD3FldVLr/EPWkSlRlXeCDWByXvyyBgPg=

— release-0.1/decision-trail /YpjNw+rwPvjikoqMNE+YWgrC/MFaqebIHU+DMe6FKmZ97aVuy2xE3OgZ+yK1ZL2CSoEX2aCNuUMbq3sm8rEo9wMQAc=
');
INSERT INTO public.checkpoints VALUES (155, '\x1fc59e254e3f174b731e5132984d5536711813ca2ecfdd70d0d46d35dc3750ae', 'release-0.1/decision-trail
155
H8WeJU4/F0tzHlEymE1VNnEYE8ouz91w0NRtNdw3UK4=

— release-0.1/decision-trail /YpjN9UlCP2Xt4bzjLWlYi/Xpf/ENEvjnyN4j8cjUAe3qeN2fIlVGjzZ/s93sP7IgR7NYXa7L90lj9P+bH+sOIQ85g8=
');
INSERT INTO public.checkpoints VALUES (156, '\xb155676cf11586a68f9c00528d399d50fb7254982c1a56ab142e42704a86429d', 'release-0.1/decision-trail
156
sVVnbPEVhqaPnABSjTmdUPtyVJgsGlarFC5CcEqGQp0=

— release-0.1/decision-trail /YpjN8ivM5sk99n4+mWDcD6izkDFUQHTf85hH6kqh+YsycxOuy8/Wf2jTSZ77dwnT5wOj03rb1G7Jw///crGSweIlgc=
');
INSERT INTO public.checkpoints VALUES (157, '\x939d81b2f0ce7b591df77b73f7cfd8ff26e6fce8ee80fd3767b601b4e132ce62', 'release-0.1/decision-trail
157
k52BsvDOe1kd93tz98/Y/ybm/OjugP03Z7YBtOEyzmI=

— release-0.1/decision-trail /YpjNzPpv3sCyp5RSHYmWZfQq9UVmrpvMcawjzkSyYoTAxwejAWflkzu4U0w51+TUNdFQM8e52Ec+dIW8V45EXaI4w4=
');
INSERT INTO public.checkpoints VALUES (158, '\x9aaf03d55f5eb7dcabd2f21f41e0c5045d9402307757d46107559701537a1e72', 'release-0.1/decision-trail
158
mq8D1V9et9yr0vIfQeDFBF2UAjB3V9RhB1WXAVN6HnI=

— release-0.1/decision-trail /YpjNy2FaJKQDo9hJEO+VG3Lm516E8TuROKQekF1Uvi4LWUtwCmL8NudFarDze8X8XtyMboVJm6yoCsqk1G5jApWIgI=
');
INSERT INTO public.checkpoints VALUES (159, '\xa683dc7992495eaf042efcc9842ea64e101cb2f5d17a1eaa37bbc1ff6fc81d4b', 'release-0.1/decision-trail
159
poPceZJJXq8ELvzJhC6mThAcsvXReh6qN7vB/2/IHUs=

— release-0.1/decision-trail /YpjN7mh0wMAXosZq4tv8F0kXjZixH1lHWomqWoOE8l4Kw8l7W7NNmuoaZdPU8xATY+7bhrgBIuYIOKb5sZgFU2Vawk=
');
INSERT INTO public.checkpoints VALUES (160, '\x93ac29fd9636b4181c739afe8e0dc71443124e5b4a8011e18872161d0401ef31', 'release-0.1/decision-trail
160
k6wp/ZY2tBgcc5r+jg3HFEMSTltKgBHhiHIWHQQB7zE=

— release-0.1/decision-trail /YpjNxG6pa7n69WRHWzjxCfRC/ARkkk5+3GngW6wNgH+Nh7MlWJbAxFKyxDqEa5aYxe3vEKASEdSYXDC/nvurXCHnAU=
');
INSERT INTO public.checkpoints VALUES (161, '\x49396f6a4f7bd9e2003d72596e2ec9048ff9d8a778ef4c758bc17a128acb21bb', 'release-0.1/decision-trail
161
STlvak972eIAPXJZbi7JBI/52Kd470x1i8F6EorLIbs=

— release-0.1/decision-trail /YpjNwAt+huzKsmUKf1Ip5qP/l24kWn0ACFJrmnPnaQhTKiZ2P0rTUqM2etCNSMl3zss+X9brs72NvuptfV44CyoPwc=
');
INSERT INTO public.checkpoints VALUES (162, '\x8153518ccaa0498c3e8c314b52b174e4c36eda38d6ba847b65a627fb06ea2ace', 'release-0.1/decision-trail
162
gVNRjMqgSYw+jDFLUrF05MNu2jjWuoR7ZaYn+wbqKs4=

— release-0.1/decision-trail /YpjNyenq4RyQ2yIjgwqlqHeT2E1pNuhlhFWIaQMtkx1XlocV4GlvucydyVv9O5LpZIopfQEo+zsH7CxVXZ3/Wvw4gg=
');
INSERT INTO public.checkpoints VALUES (163, '\xba2fb0aeff3df7eb028da5bbea8ff34a33d22b8af975f680c7b058663715a6ae', 'release-0.1/decision-trail
163
ui+wrv899+sCjaW76o/zSjPSK4r5dfaAx7BYZjcVpq4=

— release-0.1/decision-trail /YpjN54KqZ1Rrat4kqncXJa8R1RvRUWmbXLXCUN9iuuF0lTtvFf3YfssAXtuxewp3M8iMjWH8idqADVINta0CPNCcAY=
');
INSERT INTO public.checkpoints VALUES (164, '\x0337ee8e02493679ab3157eedc5ef789eb7b83f97ea2c7fc09d99ae22d1b07dd', 'release-0.1/decision-trail
164
AzfujgJJNnmrMVfu3F73iet7g/l+osf8Cdma4i0bB90=

— release-0.1/decision-trail /YpjN8WsBYmfU4vyWzrjfldmx8Lc9lBCtMwpXrNKaAdrRhe6EzB3Zok29cx9w+k75sVTdIrZgjquYWMSLdfOQyxQCQ8=
');
INSERT INTO public.checkpoints VALUES (165, '\x832e7eccfe8f1c5e8f93888aad596e7b251a3e9f88988737d69f0a47cfc8a36c', 'release-0.1/decision-trail
165
gy5+zP6PHF6Pk4iKrVlueyUaPp+ImIc31p8KR8/Io2w=

— release-0.1/decision-trail /YpjN+uBFDR3ntu9ZA2OCF8m9LerU5pG3Ii/YNMCx/DDkNWYu1jxMDkFJgMMSl48sfSo4oFgZ1p8LreZJtzBywZ2oQ4=
');
INSERT INTO public.checkpoints VALUES (166, '\xc5a75b519632d758803585b718546c2f5f3fb29b7940385f16456c96a643efba', 'release-0.1/decision-trail
166
xadbUZYy11iANYW3GFRsL18/spt5QDhfFkVslqZD77o=

— release-0.1/decision-trail /YpjN/NX1wTcHEfagkh6cnnYntqUKz58FDP6Xqa1oW0JTJRzfy5NJVDIIAtTMHG28NF8TXxiJ1Z2dy2QF1n4MIV7XwQ=
');
INSERT INTO public.checkpoints VALUES (167, '\xf51855746066ce74d66537a6ba0167177a56da467b4497895c55f1a83e7336b8', 'release-0.1/decision-trail
167
9RhVdGBmznTWZTemugFnF3pW2kZ7RJeJXFXxqD5zNrg=

— release-0.1/decision-trail /YpjNwqXpWYHeX47/mZnz8g+VadFLBrB5WajdUSquXqzXdjpOSLp8OvUQaToZWmpIAtwFnKGrHZi6EIWUFBhNiq0JgQ=
');
INSERT INTO public.checkpoints VALUES (168, '\x981c70b1681747f0795f6b37a97faf35d7fed2d5d7bfdcc2ea69088fadb34f79', 'release-0.1/decision-trail
168
mBxwsWgXR/B5X2s3qX+vNdf+0tXXv9zC6mkIj62zT3k=

— release-0.1/decision-trail /YpjNxjzVIifbch2xvPfCDosdHhpmo2bPF6TEu84HcXWgz9Tf+L7A+Z/uDEQ/ua39VEqrgBpop7SG9xuJEuPoHta6Ao=
');
INSERT INTO public.checkpoints VALUES (169, '\x5e9cc13e2771360baee5c4c563812fd05803bea441dd139a619b3aa52c077945', 'release-0.1/decision-trail
169
XpzBPidxNguu5cTFY4Ev0FgDvqRB3ROaYZs6pSwHeUU=

— release-0.1/decision-trail /YpjN4ZHVXjjZD3eLh9PhQ9JNtol9r5BGp6es9pXy4rZ/2K9go/Ipz7lY28qIH2IfV1g194See9xmrY+ry/wTBZWiAY=
');
INSERT INTO public.checkpoints VALUES (170, '\x5ffe6c06c27bdb0bfaa7f270950bd3a9706e502befd103dfbc552af72376823c', 'release-0.1/decision-trail
170
X/5sBsJ72wv6p/JwlQvTqXBuUCvv0QPfvFUq9yN2gjw=

— release-0.1/decision-trail /YpjN5oF2PO9KzeAnTxTMat8LuA5ICWoG5tXyux7grqwevEuSXCXapXa1hJIWw0snGHYQu/B3wPULCNN9EiLr3M0DgI=
');
INSERT INTO public.checkpoints VALUES (171, '\x914e604afbf86ccfc207184d2abf684a6ade6504279c1e958e5dc40693922c76', 'release-0.1/decision-trail
171
kU5gSvv4bM/CBxhNKr9oSmreZQQnnB6Vjl3EBpOSLHY=

— release-0.1/decision-trail /YpjN5Whj8NStNSjoSyrmwEmwn2SGPUd+bACbnYc2KIZRx1Ykb5vyrMLWs9/KeKoHSeRZzNyNVuJBRVCg1skvqDopAk=
');
INSERT INTO public.checkpoints VALUES (172, '\xb2eec9e0e5a0527b598dc7ef2199339c652fa377489e8abbe2ad43a6e0ff16be', 'release-0.1/decision-trail
172
su7J4OWgUntZjcfvIZkznGUvo3dInoq74q1DpuD/Fr4=

— release-0.1/decision-trail /YpjN8FXUsdyBm1Xl24W/L8cleUEhG7d8TljanpwtpBEHlVnqpC1kfyS7dsXVnWHggyIIbLUb3erzaWrZg0bWVB0WQM=
');
INSERT INTO public.checkpoints VALUES (173, '\xdff75bd97778103d59c1a537eb979b514f50523c9b36830a9a993c3fd0790ae8', 'release-0.1/decision-trail
173
3/db2Xd4ED1ZwaU365ebUU9QUjybNoMKmpk8P9B5Cug=

— release-0.1/decision-trail /YpjN4+HriyibM/cirenV+ajB+6lP9agiUEOIkyXu02VXI1ytaAnWB6nToPbRQ89AWhyNT8m/+lpVv+lekKJmOYEfwM=
');
INSERT INTO public.checkpoints VALUES (174, '\x6450a59e7512ee18a6a7719502c3b50a06e7cce142738d5a14c3777d25184f7c', 'release-0.1/decision-trail
174
ZFClnnUS7himp3GVAsO1CgbnzOFCc41aFMN3fSUYT3w=

— release-0.1/decision-trail /YpjN60OUsdd8RS7Hhcefv/4JGgzLZmpYyOkc+XlSwpQclSWwh9Hre1x3W+Wts/TIvkmcNXkiBoTYNycJHkUpXEOsws=
');
INSERT INTO public.checkpoints VALUES (175, '\x1973397bb053ab7a6df53a2ea289f7f81dd67e0556b95ebc0cabde38b1ca2e58', 'release-0.1/decision-trail
175
GXM5e7BTq3pt9Touoon3+B3WfgVWuV68DKveOLHKLlg=

— release-0.1/decision-trail /YpjNynlF8E6GlYejo5FLgRo1YNOgBDlcHes8l9C9wYRBYAj68zZM7f0wN6ih6FqCcrvLJt8yjIc0XSw3QRlXNTzjQ0=
');
INSERT INTO public.checkpoints VALUES (176, '\xb0aa1625365bf730a4e47e3f04008ae5320b4c0b01c2d8ddd24601cb79242b0b', 'release-0.1/decision-trail
176
sKoWJTZb9zCk5H4/BACK5TILTAsBwtjd0kYBy3kkKws=

— release-0.1/decision-trail /YpjN2UsljZ4IA1RjWQ1jo4JcjEScfoBYvkqnSy3V4uI7ynWQr6Zw16LR0XREWdZztXrMITWFoqB19mAw1RuFw177Qs=
');
INSERT INTO public.checkpoints VALUES (177, '\x2267c52378a5504454b7f1e22fa1fb5021b43187bcb37dc9df98756163049ac8', 'release-0.1/decision-trail
177
ImfFI3ilUERUt/HiL6H7UCG0MYe8s33J35h1YWMEmsg=

— release-0.1/decision-trail /YpjNw/2qk3g3OI/TAuFXUAnIKJYggBSe7nzgqdCu2fr/s6aELOmZsvsy+1gpXviNASIKN/uF3R8bni+b6FRnri2RwU=
');
INSERT INTO public.checkpoints VALUES (178, '\xa894a6cf5709f1fd51090529c6600c50afd8d70d1d06feaac9240f86320b7a88', 'release-0.1/decision-trail
178
qJSmz1cJ8f1RCQUpxmAMUK/Y1w0dBv6qySQPhjILeog=

— release-0.1/decision-trail /YpjNytr5oDm5WGHMvmsxyUaao0gYueC3ZvL4qW+9lzptQSZxt7eJohD5v2hphRKVG/ZbMEe40wgdN3Q1KUY2t78/g4=
');
INSERT INTO public.checkpoints VALUES (179, '\x8ddc19c99e4450e0c50827820309b50f0fd383c317d4c646fb1665d9f22db2a7', 'release-0.1/decision-trail
179
jdwZyZ5EUODFCCeCAwm1Dw/Tg8MX1MZG+xZl2fItsqc=

— release-0.1/decision-trail /YpjN+kTJcdeMu5PXr4yru0xk7k+9V5OE90JhtNDTvDnXR8VeHF8HKodg+88+4ign/3opTyhURyW9rNm4DB0j0nbXgE=
');
INSERT INTO public.checkpoints VALUES (180, '\x2c4673e897e1f0835f2cd5803cc03a1565ffe4042b937f2e494e6b34a6ba5022', 'release-0.1/decision-trail
180
LEZz6Jfh8INfLNWAPMA6FWX/5AQrk38uSU5rNKa6UCI=

— release-0.1/decision-trail /YpjN2t1TbawzJQSgakeIzlDuCjFLT/ymquPD1GDH+nmkvJbyJfZ0Z63Utv6WGPpXSu3gspyKw0BQySoNtIljljyrg8=
');
INSERT INTO public.checkpoints VALUES (181, '\x234dd91ac35511806d6a49862e8c58c55568cf0b1b2e78e1f5f41731002809be', 'release-0.1/decision-trail
181
I03ZGsNVEYBtakmGLoxYxVVozwsbLnjh9fQXMQAoCb4=

— release-0.1/decision-trail /YpjN/+igPg3foHlKMrXVgxDLG8nDO2gmfQUb0jV6vclEQvGModIlc2LXfGwVheUVi8AopyLebje8iKP8xyy1AWqYA8=
');
INSERT INTO public.checkpoints VALUES (182, '\x0ea8bd31759ac950566ecfc77157cb5da74e5e68363b3733bd0fd282c9863e9c', 'release-0.1/decision-trail
182
Dqi9MXWayVBWbs/HcVfLXadOXmg2OzczvQ/SgsmGPpw=

— release-0.1/decision-trail /YpjNxne/x8xDidvwNfxcSuyhQZTyhbfgWQ4oTzjAiKOqvbnyZjoMryU+1R9nF9wg1seoJGBNxdDkPvtCkUe2QY72AY=
');
INSERT INTO public.checkpoints VALUES (183, '\xc07c84dae2a7b0cb5271b6f4d9013136fbb5cc1eb7417fdf19c605a01a6496f1', 'release-0.1/decision-trail
183
wHyE2uKnsMtScbb02QExNvu1zB63QX/fGcYFoBpklvE=

— release-0.1/decision-trail /YpjNz+VzYAkaSCdCYHUPz/rpqkF/T9wuaaCUxv+oQ3IHjYzlgZbeEpSbAUdzpKiYMVvDrm0PI5mKizH6o03tMzXrgg=
');
INSERT INTO public.checkpoints VALUES (184, '\x8419c392f05f6723982f276706f9b41808d960c9d9872a738167907771d3e258', 'release-0.1/decision-trail
184
hBnDkvBfZyOYLydnBvm0GAjZYMnZhypzgWeQd3HT4lg=

— release-0.1/decision-trail /YpjNwggo6PddS4ulHl91jpdiJ4qwgvicCM5r34iiF067KauCbejUTvfKmDWAC7tlMgSS/9A7olBXGhLrV6WZ9bdkws=
');
INSERT INTO public.checkpoints VALUES (185, '\xffea6772fd94c180c86bd78d27f5b396d0721b85974e80f54589e63492a3f876', 'release-0.1/decision-trail
185
/+pncv2UwYDIa9eNJ/WzltByG4WXToD1RYnmNJKj+HY=

— release-0.1/decision-trail /YpjN/VyfiN7ymj7trXcLLmfSERcHPNynhzNZ5XKmWN5M3129rthE5jfe3fAF5Q01OZebH2FUSrqmV3SrB5w4sNidA4=
');
INSERT INTO public.checkpoints VALUES (186, '\x06f75705a574741221a69f51d64370a25dea4fcb69483db68f38fa6c73f1ac08', 'release-0.1/decision-trail
186
BvdXBaV0dBIhpp9R1kNwol3qT8tpSD22jzj6bHPxrAg=

— release-0.1/decision-trail /YpjNxxXdikwQSKYuo5zvXdZ3y6+6oGG0Qn4e97/Izlpc3UAUH80rUbqi5/vS/Eh94iHeRYz6dS8DmJpE60AHVuAZgo=
');
INSERT INTO public.checkpoints VALUES (187, '\x1ecb6919323ee3a4aacf04b5ab63e07b7528384b42c8f026f3b5bde89675b5da', 'release-0.1/decision-trail
187
HstpGTI+46SqzwS1q2Pge3UoOEtCyPAm87W96JZ1tdo=

— release-0.1/decision-trail /YpjN91fY+od8QQN+ohjKhWipnxI7fC0K9FFYYdJSQOaPME3OS24e7zCZhSOp4XvThYqp0fx3QhYKSxXyriH9NnY7wA=
');
INSERT INTO public.checkpoints VALUES (188, '\xe654b18a70f8be357de5185a8c5e5fe76760330c27d9e6f4c53c0daeafcf3979', 'release-0.1/decision-trail
188
5lSxinD4vjV95RhajF5f52dgMwwn2eb0xTwNrq/POXk=

— release-0.1/decision-trail /YpjN5V6dh+pWH5HSJlMZOY9gduOJsnqONGYSa6XE7HqM6oXVfNy5RKYaJkFwyU0aKmaQU4HlBlS4/3ZhLcI8duPZgk=
');
INSERT INTO public.checkpoints VALUES (189, '\xb04827ccd56ba700443f21839ee31a4eadef2156db2b28b2d3e15415addbfdb6', 'release-0.1/decision-trail
189
sEgnzNVrpwBEPyGDnuMaTq3vIVbbKyiy0+FUFa3b/bY=

— release-0.1/decision-trail /YpjNw/iG3efeMDw9Ss4ai63zB6GwVKijNxIfmyM3pOhj5AFiyJv0oJEgSJB/h2ZqTTdHZ3iK5lLQTNL02EjV+mOpQk=
');
INSERT INTO public.checkpoints VALUES (190, '\x1ab30e04b067284ab5a422d27b7f4c8fa03dd081ed9a2b9d6046022818490339', 'release-0.1/decision-trail
190
GrMOBLBnKEq1pCLSe39Mj6A90IHtmiudYEYCKBhJAzk=

— release-0.1/decision-trail /YpjN0cT8l4WHEd7yaqlFRXBD1YySTjmmSbeETz6AyoMVnU6b4oHLjm2l5om09vL8QFvTM8uzLDJy6lN5wiYYQrRugA=
');
INSERT INTO public.checkpoints VALUES (191, '\x770609665b7047267ce7ee2a5feade769ff31d63e390ce2803c7223345e4aa1c', 'release-0.1/decision-trail
191
dwYJZltwRyZ85+4qX+redp/zHWPjkM4oA8ciM0Xkqhw=

— release-0.1/decision-trail /YpjN9oPuIatjoSaQAGakoDVfiM6SYjYluaZdacwNJ6ZEfo0XH2q0EitRHFwS8pp+vh8JQcqunvlSaHQyTpWzaNy6gA=
');
INSERT INTO public.checkpoints VALUES (192, '\x69297ac896a022e61fb3d43cf9063f8c7504bda6094ba427c6bbdec7bc515816', 'release-0.1/decision-trail
192
aSl6yJagIuYfs9Q8+QY/jHUEvaYJS6Qnxrvex7xRWBY=

— release-0.1/decision-trail /YpjNzhbHyKIsS04y5dXcdDTlwRqz0lYdZhM6KL1hXnzmRxXEk4rhkVyJ2wt74QgmeiU34TWyEnaAibQmT/QN7RZDwk=
');
INSERT INTO public.checkpoints VALUES (193, '\xb94fc9226dccd6d2a417b49e35d2595e3aaf955dc7c04c17bd32d0a00b614366', 'release-0.1/decision-trail
193
uU/JIm3M1tKkF7SeNdJZXjqvlV3HwEwXvTLQoAthQ2Y=

— release-0.1/decision-trail /YpjN8+3oboNkXgP4U8tGBEM3U2V9uV0tHriz99kDsY4LB4XqQRh3sCT5wxNOWLB1z2vhZXPzLVrI3wVBBQXiPzHsww=
');
INSERT INTO public.checkpoints VALUES (194, '\xf4c5d8411b5ba861122d8d9dfe5ef73d99010c2f272fe5f103bc018bcdd36cbd', 'release-0.1/decision-trail
194
9MXYQRtbqGESLY2d/l73PZkBDC8nL+XxA7wBi83TbL0=

— release-0.1/decision-trail /YpjNwoWAY0CGSBo+UvGxs4jWiEiqh4pBv2bGv1ggULqYBdghvmmVfA5SPmklufimNm5573OlGLBl2EJisoZ0G7ZOwU=
');
INSERT INTO public.checkpoints VALUES (195, '\x670d844b983abd8489b6c1c943942ab6c6bad8a0679d6573f7fea9da191807f7', 'release-0.1/decision-trail
195
Zw2ES5g6vYSJtsHJQ5Qqtsa62KBnnWVz9/6p2hkYB/c=

— release-0.1/decision-trail /YpjNwFj2FrJ4xb26zmRbR34BhXuA0FlA9wa1RxZ+dEYpnpUb+JLwSSUCInCxBOvGbsx5zL9oRzvay3heZ5T//WBWgU=
');
INSERT INTO public.checkpoints VALUES (196, '\x14c56433367cf4d0952bf45833aed561d011c4d0f8ec3811a7fa0c408fdaa2c6', 'release-0.1/decision-trail
196
FMVkMzZ89NCVK/RYM67VYdARxND47DgRp/oMQI/aosY=

— release-0.1/decision-trail /YpjN3vLgwsCew2p1UuUXxQgpmN3tK3iN6/YKRJ1SleUy4VFvFTxdEEPE/itqaSFtD9WFzkoys09a6+l+EaEuwaUvwo=
');
INSERT INTO public.checkpoints VALUES (197, '\xb612ae517b751c3d01eee84d176d4fa042432f5fe2513d3e169e3c90fa8cf7cd', 'release-0.1/decision-trail
197
thKuUXt1HD0B7uhNF21PoEJDL1/iUT0+Fp48kPqM980=

— release-0.1/decision-trail /YpjN6aLJOabOxB0LQ4c+QtHZ+5vPjhoAbURGyXvtrutqAH4u5pC3XysGaWb8zZgLJt0PzDh4/3ALvYbpc5XSNkirwE=
');
INSERT INTO public.checkpoints VALUES (198, '\xf14456ec6cb9e9102d936395c8fea379920f1cfbcf5270afd1b75ffcdda43a35', 'release-0.1/decision-trail
198
8URW7Gy56RAtk2OVyP6jeZIPHPvPUnCv0bdf/N2kOjU=

— release-0.1/decision-trail /YpjN6UHlepc/VNpGQB+9bCHYgqxbep6IZbnECMa13v2vczrQwHQ5F97FWyyTaF04TM6qr+MCl9ONbLHlc37cn/qyAA=
');
INSERT INTO public.checkpoints VALUES (199, '\xf1479e904142605231ae83106b4820537d7032d1704f6835d96149497e8056c7', 'release-0.1/decision-trail
199
8UeekEFCYFIxroMQa0ggU31wMtFwT2g12WFJSX6AVsc=

— release-0.1/decision-trail /YpjNz/RtnXTjV5WHmJX3KMAMOfcUFzOURphjpnNX8sAZ1tHP8i8PzpyQlGTdcIghrXmUKH5DHdcw0sqqjzSnH8DzAc=
');
INSERT INTO public.checkpoints VALUES (200, '\x822ccb76e931b5abb478b83dd64aab407cef730acf34ad6565e0715a192791b1', 'release-0.1/decision-trail
200
gizLdukxtau0eLg91kqrQHzvcwrPNK1lZeBxWhknkbE=

— release-0.1/decision-trail /YpjN23ypXnGYf9PSev+QGLqijNPDFVfMQ0Y1YFPsF1FRJZX1k7Sb9O3z2TeIToVDIj98u2bxwcrsagv+ZD5luG9vAA=
');
INSERT INTO public.checkpoints VALUES (201, '\x1b7c3c2bb7e0c14e0f923b5578f4af955f82b2aba5b706ac03b0482f89b049c8', 'release-0.1/decision-trail
201
G3w8K7fgwU4PkjtVePSvlV+CsqultwasA7BIL4mwScg=

— release-0.1/decision-trail /YpjN1mBW7lP6h1/MM7sR+BKD4HK4CwYVcbgKHpfeQNTnOAhYp7dGMNmXMFv6PmOeJtMmxKdTzo1qoeMR3gYrHBOMAQ=
');
INSERT INTO public.checkpoints VALUES (202, '\x6632d5231f348c1920e710210351a22eadededfa1b6e99c23546370ea4870dc5', 'release-0.1/decision-trail
202
ZjLVIx80jBkg5xAhA1GiLq3t7fobbpnCNUY3DqSHDcU=

— release-0.1/decision-trail /YpjN6Cpbi1V3PFrLNzTODBoivlBPHm2ZacV1aQIFi25X33KG54z77K/hIzIyetcZPnjMGyEFu30ec15n+IsRDst4Ag=
');
INSERT INTO public.checkpoints VALUES (203, '\x224ed77316cae2cd441d71879ddab5851a11ea1282db7bdb00531bd7075f3cdc', 'release-0.1/decision-trail
203
Ik7XcxbK4s1EHXGHndq1hRoR6hKC23vbAFMb1wdfPNw=

— release-0.1/decision-trail /YpjN6Rj0gqJGZ+RmKvHRuZGUHDlB8JAectcP1/+cYMR7gerPmHOPuSh6a8WH08iZsAW+XfHutCEKWFEHVResyTHLwY=
');
INSERT INTO public.checkpoints VALUES (204, '\xa3be16bd76318c84e6906b41692f3ea887a6390da15bd11f2bb67515ff6098db', 'release-0.1/decision-trail
204
o74WvXYxjITmkGtBaS8+qIemOQ2hW9EfK7Z1Ff9gmNs=

— release-0.1/decision-trail /YpjN4jb2EmT/j2hYvIyvSn2dTUUBHFuXSXLAc49362CVPnBuStemwb4u05Duc9H/dX2G7mA05NCDPfe3Q1XAXDMjAk=
');
INSERT INTO public.checkpoints VALUES (205, '\x07c855c5cfd8bdf36f789928eaaeca2ee0a442e876110e94e8bac2481c3f1167', 'release-0.1/decision-trail
205
B8hVxc/YvfNveJko6q7KLuCkQuh2EQ6U6LrCSBw/EWc=

— release-0.1/decision-trail /YpjN0h38vvg3TWdKHjxm/+W6e2CZ5tKTDxHrDFpsYiErZyQlRUj2dirSHRf5SzB3NiwvKxeBAaeNXO7mk/8G+fJ2AY=
');
INSERT INTO public.checkpoints VALUES (206, '\x4e4f5c5f2380eca5eb050cc116fb1f1cee13dc4561d1af7db9ae1e3c378f448d', 'release-0.1/decision-trail
206
Tk9cXyOA7KXrBQzBFvsfHO4T3EVh0a99ua4ePDePRI0=

— release-0.1/decision-trail /YpjN4SonpX29k9yxuCn7t6Ac20rtO7yHuDkMG8QJrVfQiT/jLwYuJrl3BDak8wOXeol+TfpJAzhXZodrJH1VfDLDgs=
');
INSERT INTO public.checkpoints VALUES (207, '\xc13a107ee95a9390990d4d2beac11449ee6aa1eff7b61f1971705ced4666f960', 'release-0.1/decision-trail
207
wToQfulak5CZDU0r6sEUSe5qoe/3th8ZcXBc7UZm+WA=

— release-0.1/decision-trail /YpjNwkE7WYez6gdw1N/ytxFeedskB80J01FI2rEmQYqsEihOF517irGubd6pFlNyKGsNUl7XF3j3VD4PkdVzBxBzwo=
');
INSERT INTO public.checkpoints VALUES (208, '\x3a5c94374de90b1a7d1d95d7fbdb87ebb0bbeb43272b89dc1ed99347a3c0f11d', 'release-0.1/decision-trail
208
OlyUN03pCxp9HZXX+9uH67C760MnK4ncHtmTR6PA8R0=

— release-0.1/decision-trail /YpjNz0URUZfHwI/oUgko3CbEp+aaiY9s5uM7G7iBwA0nMNr7cdYj5lwP7ro3/C2s9VEqv3kFSFJ0uIBrjM/xDJBSwE=
');
INSERT INTO public.checkpoints VALUES (209, '\x9383ec75e7c3c2837298cf5f6974b6b7129bdfe6a8d2ebc53390d0da225b4af9', 'release-0.1/decision-trail
209
k4PsdefDwoNymM9faXS2txKb3+ao0uvFM5DQ2iJbSvk=

— release-0.1/decision-trail /YpjNy7LBDBTVd+3Y7hryHxPqejyD1Pi+XfxHxsPe5+DG+XllVSFqNx1gusAL00YDnZaMjpkl8Gdjwm2BhwnrmlhLg4=
');
INSERT INTO public.checkpoints VALUES (210, '\x992f62a2a9b018dc7c3dcfa2e4936a82804546043c8a6b52c15d4b6a4d30882d', 'release-0.1/decision-trail
210
mS9ioqmwGNx8Pc+i5JNqgoBFRgQ8imtSwV1Lak0wiC0=

— release-0.1/decision-trail /YpjN47qbjBr4MTVC9Y3pFEYLuIXnWNIU7KQiJaLqAYLhdATp2SWsHhmolAu9LbZF7X10hMzzsAuXXvoconQmYLuCQM=
');
INSERT INTO public.checkpoints VALUES (211, '\x9f58b36b3cf4187d1f13e654e77060e1bec2405104a2a077a737cd0f0196af89', 'release-0.1/decision-trail
211
n1izazz0GH0fE+ZU53Bg4b7CQFEEoqB3pzfNDwGWr4k=

— release-0.1/decision-trail /YpjNxdlJBHiIaf649x1HmNKe3c6um98VSxyYeCxOQUysWZOV9RtJL2Q3BEN76um+lWS5X5KjlqwlrMDZ6zHyd7B+Qs=
');
INSERT INTO public.checkpoints VALUES (212, '\x6f389df2e1d876262d524a3dde3de7731d32d32458bb5ecf4d93c0aba4af74a8', 'release-0.1/decision-trail
212
bzid8uHYdiYtUko93j3ncx0y0yRYu17PTZPAq6SvdKg=

— release-0.1/decision-trail /YpjNyU0DOygEc9G77M8xD6SYt3O53LAg6+67jgT98xNOnhKho+WB2NXvgFiD8sHZ5Zobb4BgIwLGgM/MMYUMMaYgAg=
');
INSERT INTO public.checkpoints VALUES (213, '\x8dd3e1a5c569bbde3fb9c5eb2c607f880c34c6de02f2d86fc9a717545bd1cebc', 'release-0.1/decision-trail
213
jdPhpcVpu94/ucXrLGB/iAw0xt4C8thvyacXVFvRzrw=

— release-0.1/decision-trail /YpjN44I51UA48KhuEDmbF7veLN23pqCj9/wrpyvGm4Lsj08FfqFy5IRv8MdTbYnMHa4hPLCJp5Zsru1q/m2ANTZPw0=
');
INSERT INTO public.checkpoints VALUES (214, '\x46a83e10c7642d991b8fa7ba8c6fbd02f0dc49d1fedcd0989bc38d94069c6eef', 'release-0.1/decision-trail
214
Rqg+EMdkLZkbj6e6jG+9AvDcSdH+3NCYm8ONlAacbu8=

— release-0.1/decision-trail /YpjNxCmgMBkcLzMwkTBhXqSIrUmQ/rPcgm8DEwZu6VCXt0iv9AxwoPTTNO6IV50EHY3bewj9KL96wpqvVVvqInTCg4=
');
INSERT INTO public.checkpoints VALUES (215, '\xefde28d62d4447f28395760bb2091f572b5bf0fd3b55b921dd7fc19934b2d448', 'release-0.1/decision-trail
215
794o1i1ER/KDlXYLsgkfVytb8P07Vbkh3X/BmTSy1Eg=

— release-0.1/decision-trail /YpjN9PYM0QD7vRL8OUu2vkMPtpxVAcwrRYT+oiNOnymNVdgZ9sDs55Ivod1y18sw46AwpNW8pdoq66F1kwfaMSalwA=
');
INSERT INTO public.checkpoints VALUES (216, '\xbf24882c1999dd90b3d176a9acd140c4b98c1a38274e768e230a8b4bf14e45b8', 'release-0.1/decision-trail
216
vySILBmZ3ZCz0XaprNFAxLmMGjgnTnaOIwqLS/FORbg=

— release-0.1/decision-trail /YpjN+Dw+RlWgQQ00ymKPGa/XskeKMErJWdQjmIQo18r1WA4KkvaHyPrx3QQK1RgFXM+I96T4ayS/1slD1qZuidU9AQ=
');
INSERT INTO public.checkpoints VALUES (217, '\xdd34e7efdc7557c78999b5337bc584bd98336595766a60d7c1390e755a939a75', 'release-0.1/decision-trail
217
3TTn79x1V8eJmbUze8WEvZgzZZV2amDXwTkOdVqTmnU=

— release-0.1/decision-trail /YpjNw5bDvYJtzFni4yXDsICx0fC2/NkKYxvnNhkXGgqTZcNtp2IacJVANHwaYpveQKUM/IJPNg3vBRt8C4wOP+gPAs=
');
INSERT INTO public.checkpoints VALUES (218, '\x2aaca712fed5a5ddc048667f274a3ec72f5a3a189a405245b7eae6edc9c520b5', 'release-0.1/decision-trail
218
KqynEv7Vpd3ASGZ/J0o+xy9aOhiaQFJFt+rm7cnFILU=

— release-0.1/decision-trail /YpjN00xC6HAxMis3r2jUmLNbRp9/d3eK4LqedK0O2uuXnzVIBbxi7KlbNwSNsz8KEBQbslpQyC+v/bflN3qnnpzAwc=
');
INSERT INTO public.checkpoints VALUES (219, '\x9e6be93ee8e22d496b4be742f560e55356a067fdfa6fdf02e5fe4d811d3ed1f0', 'release-0.1/decision-trail
219
nmvpPujiLUlrS+dC9WDlU1agZ/36b98C5f5NgR0+0fA=

— release-0.1/decision-trail /YpjNxAaRQb9g2Wfdm0rqHVtTEtxmVpta/O6x8TbW91729MTEBJ+u64A99d7rNl4MHIheU78GlSfou0o32rys3LxjgI=
');
INSERT INTO public.checkpoints VALUES (220, '\x1e61653c554c856fbe4b93747c4081fb7bc30d020da7e505dc5f3f182ec06948', 'release-0.1/decision-trail
220
HmFlPFVMhW++S5N0fECB+3vDDQINp+UF3F8/GC7AaUg=

— release-0.1/decision-trail /YpjN6d8xTQfk1LSOJc8YYFoVWSk9mCD1pftIN90X1mpuuBx4f1uZI38KgSSucf6XXD6hMSoF/4f59n9bGtKnRfT3go=
');
INSERT INTO public.checkpoints VALUES (221, '\x2cf5746b3d8711215b26471c0559e92603bf6c826d75a054b2802539d72b6703', 'release-0.1/decision-trail
221
LPV0az2HESFbJkccBVnpJgO/bIJtdaBUsoAlOdcrZwM=

— release-0.1/decision-trail /YpjNxvq/16LQ5tjIhjh2/qydJyhM3jdQbaUcARmmkBf1rba+TGjW3vMOPpDIccsxPmlI+7E7L//Q9q6K9TWmO9MlgA=
');
INSERT INTO public.checkpoints VALUES (222, '\x5fb64d21c01f6f4e85743c2c9fda2695f28d6de34229c3dcdad0c2bae4ba4c1b', 'release-0.1/decision-trail
222
X7ZNIcAfb06FdDwsn9omlfKNbeNCKcPc2tDCuuS6TBs=

— release-0.1/decision-trail /YpjN2PpsFDpkohf31rgqUWn1/2Otx/3PXpTJjCN5T7+Zeausiwt8skAGe1CCtekKIUsFhnMzSvx+W3NWgXM3tTKWw0=
');
INSERT INTO public.checkpoints VALUES (223, '\xa46d74b947a8f37e70b921d7807eb552a030087763e380e4a0eff3656731bc93', 'release-0.1/decision-trail
223
pG10uUeo835wuSHXgH61UqAwCHdj44DkoO/zZWcxvJM=

— release-0.1/decision-trail /YpjN9i79gjMfpudUwOaDGKelAOJDtLd59ncA74tGbnwboh+D+F2FC5hN7IO+j8l59/rPdwSkhTjyfu4ihJlgP1COwM=
');
INSERT INTO public.checkpoints VALUES (224, '\xa208a7e9ac130261df329226f17313352e643f15c9695aea7b1fe4bcd7d2bbd3', 'release-0.1/decision-trail
224
ogin6awTAmHfMpIm8XMTNS5kPxXJaVrqex/kvNfSu9M=

— release-0.1/decision-trail /YpjN7Jt/SMevHvs6DtlQw7GZ/keAwpmomSQSs9z9oHGKasljwMAxpCNYrIbynGiOr6cY6rDXalQpuPqTKfCYy74HQs=
');
INSERT INTO public.checkpoints VALUES (225, '\x9c36fe6d9b59534d322e525c043226d374614f83f737af2ad0b93b00c4cffe09', 'release-0.1/decision-trail
225
nDb+bZtZU00yLlJcBDIm03RhT4P3N68q0Lk7AMTP/gk=

— release-0.1/decision-trail /YpjNw9vbUBj1xTkIJkAtyDDeNXiftCW5KfjxrUGd3Mvc7O8WTOUueC+5yiHzSd4BQNV2vrnrCwOMQ9hBzpivSmTDgg=
');
INSERT INTO public.checkpoints VALUES (226, '\x50c0d3e89afcf3561bfe3070a4c9c1ec1cfbd2a9a9333b74aa0bd71bc057d611', 'release-0.1/decision-trail
226
UMDT6Jr881Yb/jBwpMnB7Bz70qmpMzt0qgvXG8BX1hE=

— release-0.1/decision-trail /YpjN4As1xg7yz4NxYYSjvpuqtDSeO2MM2Tu+PbPut2N8mQOhC0opfdGXN0DrRWUEuphE1nvaQ1GyPwi3F2WobojmgQ=
');
INSERT INTO public.checkpoints VALUES (227, '\xab7ade4010203f2b2ff6b7f643d17d23a7e79b45e99932ea9e8f066facec8b0c', 'release-0.1/decision-trail
227
q3reQBAgPysv9rf2Q9F9I6fnm0XpmTLqno8Gb6zsiww=

— release-0.1/decision-trail /YpjN8m2voolq3yxlDMrf6eECDOWkxfiBK9KhVCtpTY9ucqjulLpqPPYmcXN4bTq2XNsS4i/xFEozJhD+1Kx9QKhpQg=
');
INSERT INTO public.checkpoints VALUES (228, '\xe249c662a32bbec546f97bcc884d15b02cd623de5d2f8f2f805cb3bd12b1ce6b', 'release-0.1/decision-trail
228
4knGYqMrvsVG+XvMiE0VsCzWI95dL48vgFyzvRKxzms=

— release-0.1/decision-trail /YpjN2bdhXfpdGRzwDcWqKy2OlOwEinnK0ltdPfYgH8BbG3U1zDHHTOojkptiH1bdMOPDr5V/aA1xFCbW37O/JaKJQs=
');
INSERT INTO public.checkpoints VALUES (229, '\x23dac0b99ee23e0d020443f80066eac77d0006016cd9a9cdbf3f08319a423f36', 'release-0.1/decision-trail
229
I9rAuZ7iPg0CBEP4AGbqx30ABgFs2anNvz8IMZpCPzY=

— release-0.1/decision-trail /YpjN0jm7Nqf07VakVUYBrZ5vF/Gi9lRIKNqYwz40TKAUNVnFjYAbxU5eqYaz9s5F/frAaPI7yMfu39+hzM5vS6j9AI=
');
INSERT INTO public.checkpoints VALUES (230, '\x6fca945c885081a14d7cf3e236042961af0a4a2b7f627893d96f099ed338a8ff', 'release-0.1/decision-trail
230
b8qUXIhQgaFNfPPiNgQpYa8KSit/YniT2W8JntM4qP8=

— release-0.1/decision-trail /YpjN+VWCKZQJwmBUJQ+jTXvgbtXp6A0KVrENOQEEKDUiBUs2QNuqOIc+il653/nsH5JJZ+nRqJ1MWGX3URj+N68JQE=
');
INSERT INTO public.checkpoints VALUES (231, '\xbf689cc82ef85a0d68d576bf0a527f1ccb5838691520ed69a40de232ebd27ddb', 'release-0.1/decision-trail
231
v2icyC74Wg1o1Xa/ClJ/HMtYOGkVIO1ppA3iMuvSfds=

— release-0.1/decision-trail /YpjN2Pt0kt9Np+JFWavxeAR4TRdVY0+n4vn/wDFYmOFaFlP1razzMlw6IeBBgbt65yx5aCa2J+w92bvkPhyqVsk8AQ=
');
INSERT INTO public.checkpoints VALUES (232, '\x593f8254938ea03ae2f1fb46ce5b4071e33ea5737972ebcd3487444b8d967767', 'release-0.1/decision-trail
232
WT+CVJOOoDri8ftGzltAceM+pXN5cuvNNIdES42Wd2c=

— release-0.1/decision-trail /YpjN4xcJqCcKI/13XqqUr1uKWjiNSIfSHJVvLVPmnKURtus6Ut2itGZbtMDIhHDiKRXWgfNwxczj53//kvs0oUrpwE=
');
INSERT INTO public.checkpoints VALUES (233, '\x5a0f4fec43cf434df67c45dc665a98ca3e7b4e5613f1f8c15050c55f4c6e1c2e', 'release-0.1/decision-trail
233
Wg9P7EPPQ032fEXcZlqYyj57TlYT8fjBUFDFX0xuHC4=

— release-0.1/decision-trail /YpjN6B9rrd7qYJcCchY1EaS6tX+46Z8KNmYZTL2LfIRIS/MAM1i3MJRQ8wG2TokPcjTqE5zL1wzr2hlYnX1DwNFNwQ=
');
INSERT INTO public.checkpoints VALUES (234, '\x66a51c4b96de52250f2bf4f9e1165143168f0a14473977f9fd1edd47c94532fb', 'release-0.1/decision-trail
234
ZqUcS5beUiUPK/T54RZRQxaPChRHOXf5/R7dR8lFMvs=

— release-0.1/decision-trail /YpjN/UBuqL3DeZvs7cR24A49m3WR4dLEbfDiQqTTNtAGf0wmuR1tboog38BFQ991TZbUqBiJCggsEJ//IwKX+IeAQA=
');
INSERT INTO public.checkpoints VALUES (235, '\x596a20fb238337a1637b6ad1d711259308e730d91cfc4419886a2e4cbe7b68cf', 'release-0.1/decision-trail
235
WWog+yODN6Fje2rR1xElkwjnMNkc/EQZiGouTL57aM8=

— release-0.1/decision-trail /YpjN0TvT+i2yX/dZlXSdntF3XMw9vtwHq+JRz1kv3lHXWLfGDjocsIgxvoA7DXHy98I0ruHRR6Jk5bM9x13qdidCgU=
');
INSERT INTO public.checkpoints VALUES (236, '\xf1732f0674d75d75498f22b6556fb21363fcf322b761bfafc68c6ce9bdf38811', 'release-0.1/decision-trail
236
8XMvBnTXXXVJjyK2VW+yE2P88yK3Yb+vxoxs6b3ziBE=

— release-0.1/decision-trail /YpjN7p17XTUSPBt7cBeR7/F36STKPWMECUxlTUuk4OPMqMwjWSrVKkHXSEqU0CYVdT2tOb2n5vIB5Xwwv95FyHMFgk=
');
INSERT INTO public.checkpoints VALUES (237, '\x4f68c4a27bc4b90a8cd74680d04a03c8a4d29b1e4125dc5e561673695fb2d319', 'release-0.1/decision-trail
237
T2jEonvEuQqM10aA0EoDyKTSmx5BJdxeVhZzaV+y0xk=

— release-0.1/decision-trail /YpjN3Oyy8lvI5/blZDn5fPSQLcQ/DUah2xUBI9pJ0FGXS3Vewr2WP1iERB7BkhGyJSwRxF36X2ZPkVTWiMzZKzcowM=
');
INSERT INTO public.checkpoints VALUES (238, '\xe5f434aac63474215c4268dc9cf9105e623d3d215862706b0c99fb28a9434f88', 'release-0.1/decision-trail
238
5fQ0qsY0dCFcQmjcnPkQXmI9PSFYYnBrDJn7KKlDT4g=

— release-0.1/decision-trail /YpjN9jav5up4e6Bzno9jfoBbLKxuEW24d8WrP02/262mQvfddSZg/Lhcpp2ZeJkO3qBZuWUrNuTWzCbE0Ff6JRmmgU=
');
INSERT INTO public.checkpoints VALUES (239, '\x44106ef8bbad665d49d854a2aae1a486fea3442068e86bfd964e8762f6050b7c', 'release-0.1/decision-trail
239
RBBu+LutZl1J2FSiquGkhv6jRCBo6Gv9lk6HYvYFC3w=

— release-0.1/decision-trail /YpjN8cHYcVTk4h1Raqj47rzoEly0S/XR5/FWjeJzY3RRSzQqyKJFslaBw2L8qLqqAZn7Hc5hpEtKqxolaPtvoVvjgI=
');
INSERT INTO public.checkpoints VALUES (240, '\x9fd16ef687304f2277f29644b30e70afa980bd7853b365dcbabf55a4ef9aba58', 'release-0.1/decision-trail
240
n9Fu9ocwTyJ38pZEsw5wr6mAvXhTs2Xcur9VpO+aulg=

— release-0.1/decision-trail /YpjNxvr2a3hy9dGYPivKG0IG9WG55r4qoFwtU3dAYdcLfdLFvQxthcDU/PfzlLeVUkjIZ9PSwWbcFgNvKQzw3A4Cwg=
');
INSERT INTO public.checkpoints VALUES (241, '\x00f1f9a88cbc06f2a6f82215d70e603017ff4a74f19d0c9c2e0af8631eac6578', 'release-0.1/decision-trail
241
APH5qIy8BvKm+CIV1w5gMBf/SnTxnQycLgr4Yx6sZXg=

— release-0.1/decision-trail /YpjN+reKW9h/r1ikcVloGbXdkxnwgeu/qXVZqSIjH/2AQ4PgzaknYIi76/fpFZIV3F5maYMi2Y9fPESfr9YH/6J4wo=
');
INSERT INTO public.checkpoints VALUES (242, '\x1a74d07dcd1b09c453b6874cea129e129e5ee1a4efc639dfda150d4e92632902', 'release-0.1/decision-trail
242
GnTQfc0bCcRTtodM6hKeEp5e4aTvxjnf2hUNTpJjKQI=

— release-0.1/decision-trail /YpjN+24SypZlwR4E+13HxE/ifZ/bj1funLBf6xM8dMbAahb2idLtHupi3eJ13BS0jywr92wSS4EMiZt4d3Ukn/8TQU=
');
INSERT INTO public.checkpoints VALUES (243, '\x058eed1ec198d978427568d23b93015421fc2ea04d21b9c730ab92b3e5d7d0f8', 'release-0.1/decision-trail
243
BY7tHsGY2XhCdWjSO5MBVCH8LqBNIbnHMKuSs+XX0Pg=

— release-0.1/decision-trail /YpjN7J66Ysc/TEoUusRVGD63Lu3wHJq7HtOGCAHgwDOMdobhtM9rDMtMBpMcxG1dTImSvKLYBe2FYEIqKW87AMCrAE=
');
INSERT INTO public.checkpoints VALUES (244, '\xd3baef197953548ed264eb2302d1779b17e9a5a97b7cd032279fe7651eb4b5e0', 'release-0.1/decision-trail
244
07rvGXlTVI7SZOsjAtF3mxfppal7fNAyJ5/nZR60teA=

— release-0.1/decision-trail /YpjN/MICDaMEbxOgPwoP6WFjlP+i9ieXetR378pm6o1C11oOoxyfDOOK3neppUkUWF28TN0T4U7pBHwpMk47H9EiAE=
');
INSERT INTO public.checkpoints VALUES (245, '\xa0803914f1b750e49108cc160dd9b2be0a8e6e263ca9b58150e64077501b0259', 'release-0.1/decision-trail
245
oIA5FPG3UOSRCMwWDdmyvgqObiY8qbWBUOZAd1AbAlk=

— release-0.1/decision-trail /YpjN6eVD/eO/3Dx/a8p1caDpyBPH6SiyPNij9mgEOP6ONRbvSWi3S7WdeHbbjyuKLWq5m5gt+6NMFtNmuwlgJ/ZRAA=
');
INSERT INTO public.checkpoints VALUES (246, '\x9703705faeb20a0393ee88ced7bc5b6bf68613710f81fdf2a30458d3693133ac', 'release-0.1/decision-trail
246
lwNwX66yCgOT7ojO17xba/aGE3EPgf3yowRY02kxM6w=

— release-0.1/decision-trail /YpjN3uK0twclqQ3zsVnIiOVS6+AddzWdKr+FBMO/+jo3p/YLf23eL5/tBLzYeFch1JM4DE6iFJO/Vawgohp6deTdwk=
');
INSERT INTO public.checkpoints VALUES (247, '\x69dbf01950edcdc10c2396df0d7ed539fc8a8953a9134398bd98f5534b6d4e34', 'release-0.1/decision-trail
247
advwGVDtzcEMI5bfDX7VOfyKiVOpE0OYvZj1U0ttTjQ=

— release-0.1/decision-trail /YpjN6/KUhyKLAg/8KI4m5J94ytTHA1gqIXEmp009IEX5Gv3OZ9mu9HuAFKqRA4dmfysV1VGJn58ENUOAOCHisQVFwM=
');
INSERT INTO public.checkpoints VALUES (248, '\x0290e7916e1eb45701133570c7e03e2386be29b9e2a0c6b8887533b3c134dcf6', 'release-0.1/decision-trail
248
ApDnkW4etFcBEzVwx+A+I4a+KbnioMa4iHUzs8E03PY=

— release-0.1/decision-trail /YpjN2X1AjIJejlOqD81R1/BZB7tOj9Ct4vOyZymr2jBsPUP0xiAMg0Cm60r4vT8RHyScrZcmW6I7RH8AlLP7FnYPwk=
');
INSERT INTO public.checkpoints VALUES (249, '\xb59ff32550952045a06a688eaecf11ad9f46a232fa8a45f679802f9592ed97a8', 'release-0.1/decision-trail
249
tZ/zJVCVIEWgamiOrs8RrZ9GojL6ikX2eYAvlZLtl6g=

— release-0.1/decision-trail /YpjNx/HBgMZW1I1S4NI6iHellebIXTx5XBP4IOQr5F1iRw5taa6xh/g0XBxDiR2MvSR6eQ03MxroOijJ/DaJJs7qwM=
');
INSERT INTO public.checkpoints VALUES (250, '\xa650834dec6a814f24de385632e8a14cfd9f0dae6e94e7f10d4d5248e9a3e275', 'release-0.1/decision-trail
250
plCDTexqgU8k3jhWMuihTP2fDa5ulOfxDU1SSOmj4nU=

— release-0.1/decision-trail /YpjNwXPiB2D14qeUzIO72eoGIJ1E0cw5NctIzmIpmTghvSe/MQpcJsWiNOuhFvvq7IEBv5QzECABfB5H3X+8DjDpgg=
');
INSERT INTO public.checkpoints VALUES (251, '\x58528002199a2ebb0cfbad831c7d5197edcb9a69ea8eb1a5e58e58631146c33e', 'release-0.1/decision-trail
251
WFKAAhmaLrsM+62DHH1Rl+3LmmnqjrGl5Y5YYxFGwz4=

— release-0.1/decision-trail /YpjN5xqSyoGh8O6cktmq0vCy49nPJnj17DHDwPWSdxgriuye+0sMh/bNAn4nGMKoq5E+qZsrLaSqRWdhyKbuIgaPQ8=
');
INSERT INTO public.checkpoints VALUES (252, '\xa1e8f6ab3d7e29dafb5420a36195508373a36357c4e288da7aa480d0e02bcbb1', 'release-0.1/decision-trail
252
oej2qz1+Kdr7VCCjYZVQg3OjY1fE4ojaeqSA0OAry7E=

— release-0.1/decision-trail /YpjNzPHUXSwWYASUtgGIOFKoN5gGHfMtFyhu1BPlnDIVlPLbdWaAU3QmV1D4gmOO/7wDwMNroQAmpaiW/gryAfQhAA=
');
INSERT INTO public.checkpoints VALUES (253, '\xab77c36ec07ebe2367cc60679b8b957f8d4d73d2cd6ec4977c9cb9b89f594356', 'release-0.1/decision-trail
253
q3fDbsB+viNnzGBnm4uVf41Nc9LNbsSXfJy5uJ9ZQ1Y=

— release-0.1/decision-trail /YpjN40HEG/553N3N53HfvjmR95q9IdfJfK9AjAxgiyKCjIl2Xuzq+/5XajTX2+0aiWZLUl5fb6GxfF2p7qRmntASQU=
');
INSERT INTO public.checkpoints VALUES (254, '\x01ff5d7fbc313350e5a7207936441ee9930a59f91956c4fcf6372f30114cd423', 'release-0.1/decision-trail
254
Af9df7wxM1DlpyB5NkQe6ZMKWfkZVsT89jcvMBFM1CM=

— release-0.1/decision-trail /YpjNyoIuyzZ2e9JeqN/uBxABPBEANJP1Tm8ni0rFSJJvk/gFWpJ1cTIt1/tGLba/cDCb7KxzNZ3gDrpNPSwBIRujAU=
');
INSERT INTO public.checkpoints VALUES (255, '\x9e026704dbd495a093259657e0ebd0be82f7a6f4984158301383e373a6a8b140', 'release-0.1/decision-trail
255
ngJnBNvUlaCTJZZX4OvQvoL3pvSYQVgwE4Pjc6aosUA=

— release-0.1/decision-trail /YpjNzb9wnyped77awA+ZvhUEjodROXTdLyQSqgScXYL0tvN/2XdMDMqnyedsGowIY1vLjy16mOspV+ZYwJUqlIKIA8=
');
INSERT INTO public.checkpoints VALUES (256, '\xb5ab4d25743e66fb127c2cbf63e33af1e469317ec42b13fd7c88db084a8551f9', 'release-0.1/decision-trail
256
tatNJXQ+ZvsSfCy/Y+M68eRpMX7EKxP9fIjbCEqFUfk=

— release-0.1/decision-trail /YpjN/6lNLdZ61ztPqcf+i0OWkmQVeB70KSE2xm0k8675W9G++S+wUQJIudK16WC94B5I7qi0GTRcFVPl2f9TvsMDgc=
');
INSERT INTO public.checkpoints VALUES (257, '\xdbabe7fd192d49f3afb73cc226133e6c65fca03e0511a3e4e2cee0e7f37ab8ea', 'release-0.1/decision-trail
257
26vn/RktSfOvtzzCJhM+bGX8oD4FEaPk4s7g5/N6uOo=

— release-0.1/decision-trail /YpjN++3JoM1KaTxRXmL5AM0CN7mByWI1FcklDj0Ms8dT8mn/zcpq5r+yCFo4S5fsmzJmkF9kAijkzfsmGsM6tGZ+gM=
');
INSERT INTO public.checkpoints VALUES (258, '\x81425a177a6aacf2460ed97bb020d895374f5896bb09c345c681b868c72e5892', 'release-0.1/decision-trail
258
gUJaF3pqrPJGDtl7sCDYlTdPWJa7CcNFxoG4aMcuWJI=

— release-0.1/decision-trail /YpjNzA/Hb5rlr2XPdXomt87Fz8UqjDq63VqBOeExy/5nFixpPQ/3eFjB0tib/fPSVGuyxMMS7QkhmRlxC4vx0q7Ew4=
');
INSERT INTO public.checkpoints VALUES (259, '\xcdb7b8148ab2b483335fecd620fc4cf71c2084fa98a90102d95982d5abfd6f7f', 'release-0.1/decision-trail
259
zbe4FIqytIMzX+zWIPxM9xwghPqYqQEC2VmC1av9b38=

— release-0.1/decision-trail /YpjN+kw3sQ0sTQkevBpQLtHJta7x9MNo25Z4ryVysqoYbwO7/wvTmzARsu1iW7KNViSJRaXEk4xCPIatoGl4qj/Gwg=
');
INSERT INTO public.checkpoints VALUES (260, '\xfb9e09b10faf9ad47c334f6f52408f66f02f356f253e566e09b5b95012425a06', 'release-0.1/decision-trail
260
+54JsQ+vmtR8M09vUkCPZvAvNW8lPlZuCbW5UBJCWgY=

— release-0.1/decision-trail /YpjNz6URxc4xDeewOhUA89AOFE03Oq36dUr+3gnxJO+7QPN1LPT51pcqHO3eoFS5B8UBESEFSIJ/NXi0h6nMPekkQk=
');
INSERT INTO public.checkpoints VALUES (261, '\x898f7ef5b6089afb4ebb252ca0c62fe94528b1db2db4898efe7736e6075b931d', 'release-0.1/decision-trail
261
iY9+9bYImvtOuyUsoMYv6UUosdsttImO/nc25gdbkx0=

— release-0.1/decision-trail /YpjNzV9xVHZDsXE9BLe08mq+MbnHEIb+6hvPx3tHwjl/YyNmPaPU3jIaj8RhtId23R4CbALoGvF3n/1plxigBQE2AU=
');
INSERT INTO public.checkpoints VALUES (262, '\x5dfccaba11feffb05f276052d55edc687898e59d24bd65fda6ca485fb6983a86', 'release-0.1/decision-trail
262
XfzKuhH+/7BfJ2BS1V7caHiY5Z0kvWX9pspIX7aYOoY=

— release-0.1/decision-trail /YpjN96Vg7lQD9jI724f5SkHVKUMAswbUbdGNHYZCXvPJrUQhjRrVShGuPi7PVYhxIvbj6MmvrRSBWaO0U5Oj0K/zQ0=
');
INSERT INTO public.checkpoints VALUES (263, '\x00dc0b358683bc40272edbd0f8fc720e53d0137ad169a166428efb92bf84d54a', 'release-0.1/decision-trail
263
ANwLNYaDvEAnLtvQ+PxyDlPQE3rRaaFmQo77kr+E1Uo=

— release-0.1/decision-trail /YpjNxPYBwE538W1b/0/8VGpZ7Nf4J+MN03bPeuNObU/2r7+X1EeZejQAph60lWmYaFVdmhLPnKdALmWutU9dzhPLgk=
');
INSERT INTO public.checkpoints VALUES (264, '\x500ab3de867d2193853312839736d17f4bb1648cca0c86ae5486ce170af6ffd5', 'release-0.1/decision-trail
264
UAqz3oZ9IZOFMxKDlzbRf0uxZIzKDIauVIbOFwr2/9U=

— release-0.1/decision-trail /YpjN6/3c4bYFNYFVnwiOvNgCvBWs+yXe7K0f3vbhlB2rrmpYfvy85nZ8Shgu/xVo4Fskfcs/zJ5KBFE0hKBvXs88Ag=
');
INSERT INTO public.checkpoints VALUES (265, '\x5139f1233e08e3415f887adceebfeff9727dda3fadbc931188d8d54c6f22d996', 'release-0.1/decision-trail
265
UTnxIz4I40FfiHrc7r/v+XJ92j+tvJMRiNjVTG8i2ZY=

— release-0.1/decision-trail /YpjN6fBo7fVTFW0wjJNbu0nL3fEGwGgSxsPAr6mm8qT1kjICEqYKDEa4BkgpQ1DGhEkX/q2r/euZ68CWUeD2W29vAM=
');
INSERT INTO public.checkpoints VALUES (266, '\x622d0027a20788ab5bde418f8524f3223b7663237c31924a870c08f0bd1287e7', 'release-0.1/decision-trail
266
Yi0AJ6IHiKtb3kGPhSTzIjt2YyN8MZJKhwwI8L0Sh+c=

— release-0.1/decision-trail /YpjNwh/9QzQwXEYn9MuV0ldTdRfUJqe3S7lZRjq1RA/eIxvGAjD9zNoztLDIRIz4eRmVSTTshhOJs4xtg2delDIxgY=
');
INSERT INTO public.checkpoints VALUES (267, '\xc81174c1059363f010ce06436a45aca4ed435b1965a8657c89d13a1e35107a4d', 'release-0.1/decision-trail
267
yBF0wQWTY/AQzgZDakWspO1DWxllqGV8idE6HjUQek0=

— release-0.1/decision-trail /YpjN3sOeS7Y6R4LmXB7RUgnVWLKSv4Q6OCuaD26cLu3t1R8vtY3gyFpy8KIYU/PMnTZOXoZfu+3TEH8mLdgh+0TfQc=
');
INSERT INTO public.checkpoints VALUES (268, '\x9872b739540860bd01185188216f6d3900cafd5f7af6219664547354fac32177', 'release-0.1/decision-trail
268
mHK3OVQIYL0BGFGIIW9tOQDK/V969iGWZFRzVPrDIXc=

— release-0.1/decision-trail /YpjN/y/vs3YMnz8k1nubPDCPmAmQvGx8W+bM4M+uFQIpZTgdfO+D1LML3RBC0V4rcVTAklL/zSrbQpHTh7e/dTGbQA=
');
INSERT INTO public.checkpoints VALUES (269, '\x12f6d95ab263a814a075f569bbc26c4f067b4c6f7ab4983438a4f76a06349d71', 'release-0.1/decision-trail
269
EvbZWrJjqBSgdfVpu8JsTwZ7TG96tJg0OKT3agY0nXE=

— release-0.1/decision-trail /YpjN3MJGNq5OJDRX5YtrwiRWve1ZydnIXXC2LvUaRVgqCT1wRNOEdRcU+M644rX3ZaHzOuhb6uzq4YbL3Hij8/2BQo=
');
INSERT INTO public.checkpoints VALUES (270, '\x65819acb124c90d2fa59c90edd7b49ec3417ec4883b4c3d98c3685b0a5d32da0', 'release-0.1/decision-trail
270
ZYGayxJMkNL6WckO3XtJ7DQX7EiDtMPZjDaFsKXTLaA=

— release-0.1/decision-trail /YpjN0CNFfkUaPnKZMRJ09cZTXhltjTL3lS1FpU541TtTX84FWfFvwkPep2pViqH7siWM3D21LbQi80yYAOFksgZuwQ=
');
INSERT INTO public.checkpoints VALUES (271, '\x0c6b01889be35da130be16fd34ea90682c398fa3db8c9c781034b084c9569b11', 'release-0.1/decision-trail
271
DGsBiJvjXaEwvhb9NOqQaCw5j6PbjJx4EDSwhMlWmxE=

— release-0.1/decision-trail /YpjNwgfAmgFDLqeUn5cMuGaaMsS9RS6zK+5Nt2CXuOOOBdGBqxhqYcQqum5kIrjFaac4IikUJiVxx04ilNbfQh7Uw8=
');
INSERT INTO public.checkpoints VALUES (272, '\xf369be37f86b78c8bc91bf796b08d92ed679241b56aff6a53cd1d7ace5765dfd', 'release-0.1/decision-trail
272
82m+N/hreMi8kb95awjZLtZ5JBtWr/alPNHXrOV2Xf0=

— release-0.1/decision-trail /YpjN70vwDUq+yK6WnWxYXmVOpZNKcz6KIr6OVFvQLVluyi4dKPGiTPV1h4j3SIutLakYGAHDIg4bs7o4c+g8oiWXAc=
');
INSERT INTO public.checkpoints VALUES (273, '\x9a1983b0e04f255847230279eb8fab87c8184e2cc7f2f5af07b47e31ef8b907d', 'release-0.1/decision-trail
273
mhmDsOBPJVhHIwJ564+rh8gYTizH8vWvB7R+Me+LkH0=

— release-0.1/decision-trail /YpjN8k9hc8UZSf2p9D7vw44ULfGlTdrx5XYYmStcEDWuH7t4dBlcRPlbrUl8H/mPNiX3Gq7FCLwIEcDL7XIu2KB0Ak=
');
INSERT INTO public.checkpoints VALUES (274, '\xd123a45255de3e6c727636b3fdd88ae4a27837f231d63f685a7f634b34d357fa', 'release-0.1/decision-trail
274
0SOkUlXePmxydjaz/diK5KJ4N/Ix1j9oWn9jSzTTV/o=

— release-0.1/decision-trail /YpjN0X2/QyJp+U/t+I/yOUOybjIXlscku/z5cOGy/CS3f8QKISWzQdakqnB7YmGCLU+0slG6txuTDI5ko7XxnUCbQA=
');
INSERT INTO public.checkpoints VALUES (275, '\xc5fcc076e429f1f0bfda20ed3678f80b4865eac46e2c6682ecea0651b95eb7b8', 'release-0.1/decision-trail
275
xfzAduQp8fC/2iDtNnj4C0hl6sRuLGaC7OoGUblet7g=

— release-0.1/decision-trail /YpjN6rLNl8X2tVU1higmlhNQ9v2OgWlXrpqlHKeXKM82W3PbPBLJOlbCmNEgEaZiECRzC6kqvTV6MCd7W6JNXqD5gY=
');
INSERT INTO public.checkpoints VALUES (276, '\x465d92ba4cea66daf34da0a95b42fa5ab5d5e2d35478d981a58c017f2c195c82', 'release-0.1/decision-trail
276
Rl2SukzqZtrzTaCpW0L6WrXV4tNUeNmBpYwBfywZXII=

— release-0.1/decision-trail /YpjN2+rl2IoLAKKlLSouuXbGHX+vXUCGR3dAfzTsMtv2yiHX8pNcsAwpjde0sZ69wxzR2xVAXMt+SEW9khuz0ptRws=
');
INSERT INTO public.checkpoints VALUES (277, '\x8bd7a2cd882b993003d991b63cdea43a25136fbf25a129d0bab1f6e3ff6131db', 'release-0.1/decision-trail
277
i9eizYgrmTAD2ZG2PN6kOiUTb78loSnQurH24/9hMds=

— release-0.1/decision-trail /YpjNyefjJgnJRUOcynjVto6n8z4+90wOrWElfWIvReJxFj4RKipC9HUGSKf1Ko/PgW82rstL/R4m7UlM4rLk8Kj0gY=
');
INSERT INTO public.checkpoints VALUES (278, '\x6da5068082b9c8cfb68f7aab7b1d3a2e2f7b45208c6c860998e5bf1c6990831b', 'release-0.1/decision-trail
278
baUGgIK5yM+2j3qrex06Li97RSCMbIYJmOW/HGmQgxs=

— release-0.1/decision-trail /YpjN96tzNkBYMwpYKcEJ5QDkY4Simb3XnrpepCFlqCO4r5YwRhDtcXZRt07INsJ4UQLaGSR0RTZVq0Tq7UK83MsTwk=
');
INSERT INTO public.checkpoints VALUES (279, '\xd9a3506984f683a90c33f071f25f71a98830652afaade06ba65e5e6c24a87965', 'release-0.1/decision-trail
279
2aNQaYT2g6kMM/Bx8l9xqYgwZSr6reBrpl5ebCSoeWU=

— release-0.1/decision-trail /YpjN4mCQoMWIS8mhTc57tutLs61vezPMtEj2+1oec03NljEVSn5zZydrB9Xze1C5wbXY71rFYX6PjB3AGah2xifLAM=
');
INSERT INTO public.checkpoints VALUES (280, '\x3ffb23c38932847a559a63212964d938ab12a6469a6330dd4a7c258f5dd512d7', 'release-0.1/decision-trail
280
P/sjw4kyhHpVmmMhKWTZOKsSpkaaYzDdSnwlj13VEtc=

— release-0.1/decision-trail /YpjN/Jv544jKrg8sphA7P1zB9VUJcWVK7cidRjVXLp4MgG6sFRf4MLHJJE+4ZjgKelGD/CZGHXNM0J8ygf1/5+V/wE=
');
INSERT INTO public.checkpoints VALUES (281, '\xe3aa103e7310c223e48c34d3f9c96945986317e669a0e30f9429fed1375c25a6', 'release-0.1/decision-trail
281
46oQPnMQwiPkjDTT+clpRZhjF+ZpoOMPlCn+0TdcJaY=

— release-0.1/decision-trail /YpjN74lMPo9ynLRqjSFenTw4OdrgOGlcU6me+hJxTU/Kqnkk5sI4/LEqv9t3n+w7pAYTvubtXCp9eKG+eiVFRNBuQQ=
');
INSERT INTO public.checkpoints VALUES (282, '\x8e15e309e9df9a6ebd0ef803391fda6831289ce9c416f4cc75ccd472fbd707c6', 'release-0.1/decision-trail
282
jhXjCenfmm69DvgDOR/aaDEonOnEFvTMdczUcvvXB8Y=

— release-0.1/decision-trail /YpjN2vSwVLh6rp7pN7h64iSediR/+ge25gQd0jESC2LP4GRa8rb50Osr4x8nSQjHUegHv1ojxrktujQO7TU2Eua6wc=
');
INSERT INTO public.checkpoints VALUES (283, '\x9616199e0b21b882a0ce9547672da0fbee561f7d62f1cedb669855885a5310c5', 'release-0.1/decision-trail
283
lhYZngshuIKgzpVHZy2g++5WH31i8c7bZphViFpTEMU=

— release-0.1/decision-trail /YpjNzZ+xKUZCzBakk5jPTuqsbgGZPcC5T6TS61ffdmL3lijDrvVs0PM35RDZh9pSIp7h/zaDgFHN0d5tZdJ6GJUUwo=
');
INSERT INTO public.checkpoints VALUES (284, '\x23ee6fdf569f68f6c143095be82d969c6b2712cc2e80dc29ffa895b1246dd5ae', 'release-0.1/decision-trail
284
I+5v31afaPbBQwlb6C2WnGsnEswugNwp/6iVsSRt1a4=

— release-0.1/decision-trail /YpjN4yHqsMJcBa8pvHFUSi3WAm0h4BCezWqz4M8Aivsh1S/MczzyBXcG9yAFpZKra5QsN49qUSyMMLb+7T80UxX1Qk=
');
INSERT INTO public.checkpoints VALUES (285, '\xbc7d4a3728100e7c523103712daa15abc68fb878b8fb51fc5af8d9094b30f218', 'release-0.1/decision-trail
285
vH1KNygQDnxSMQNxLaoVq8aPuHi4+1H8WvjZCUsw8hg=

— release-0.1/decision-trail /YpjN+9z3baDswKHaS8hoRZtCnM2Zjvy+atxr6hkNfwXdSZAgBncYevauQ4D6qKLcAwGbcdIq2o89MQK76pptswhqQI=
');
INSERT INTO public.checkpoints VALUES (286, '\x5b417c490f11fa6e755c09914dfa39d52ad45270eb5a30a9c4e96d21fb270173', 'release-0.1/decision-trail
286
W0F8SQ8R+m51XAmRTfo51SrUUnDrWjCpxOltIfsnAXM=

— release-0.1/decision-trail /YpjNyXOgfAQfe829QR3vI5N5G+87Fg4norBEG2xH+/w8clLHrjYEDjEn0ciP81XQmyZYGcftO7OLoGlrKfRYnUuags=
');
INSERT INTO public.checkpoints VALUES (287, '\x478d00d84cd402a76cec717ea2e971ab283c9137c455f05df6a496cebe17e988', 'release-0.1/decision-trail
287
R40A2EzUAqds7HF+oulxqyg8kTfEVfBd9qSWzr4X6Yg=

— release-0.1/decision-trail /YpjNzvZRZGJA5dEm/i1EcWE1RD4zuAJDda5maL8TWAHOIBgRwLmuPEbJIISyDdwnzTZDqtKKAQGpJeNQqCeyWNU1AE=
');
INSERT INTO public.checkpoints VALUES (288, '\x2113dadb288077e462e1905bc2c0ab0b20bb97d9178703d0fb5de06bd162ea02', 'release-0.1/decision-trail
288
IRPa2yiAd+Ri4ZBbwsCrCyC7l9kXhwPQ+13ga9Fi6gI=

— release-0.1/decision-trail /YpjNxy53Hra+psEreN72S0cFFzVLEx/qAqZzGVVn7m7z3PG7K9g7cje4PGezdWzLgZWB8G6RkbEkc9LCz9QPtxJxgY=
');
INSERT INTO public.checkpoints VALUES (289, '\x9f267bda4f3a0b9ab7dd1ffcf78e4d91a7d87a282f898897140fdd7c1335d3d2', 'release-0.1/decision-trail
289
nyZ72k86C5q33R/8945NkafYeigviYiXFA/dfBM109I=

— release-0.1/decision-trail /YpjNx5rw7OI/p0e6EJaq1W4szApchRM5QCIrUEFy8MR+hOw5AIjotu71VJndDCCGvk+Lym0nrp+Nh0KBuAAFfC4LAM=
');
INSERT INTO public.checkpoints VALUES (290, '\x5d30cfad32306ce64d6c91fedf02a45c02de0f1b024145b6b613c0507e74ca10', 'release-0.1/decision-trail
290
XTDPrTIwbOZNbJH+3wKkXALeDxsCQUW2thPAUH50yhA=

— release-0.1/decision-trail /YpjN+xrytFougFk5ylVUuDiebZBDyebTJy8XXdEdLQH4ZiuCEy5z2wLDwgUHUegwkhPG82vW2DndZSB1gN1WMm4rQE=
');
INSERT INTO public.checkpoints VALUES (291, '\x8b462a36e6931312308001888fcbea41c1deeac375aef082aa6734e3e269964d', 'release-0.1/decision-trail
291
i0YqNuaTExIwgAGIj8vqQcHe6sN1rvCCqmc04+Jplk0=

— release-0.1/decision-trail /YpjN7Gi7lha0QdkZGK5RZJfTWx5rvIIgSCjNbVLaEVTquYsUzRRQkq7AJqajzbWtyrLT0z1y36o82nXZwNNiXYr/gk=
');
INSERT INTO public.checkpoints VALUES (292, '\x64072ab9a1bb113fbb5f85f911b9ad36f0d0510816789d22957906305334784d', 'release-0.1/decision-trail
292
ZAcquaG7ET+7X4X5EbmtNvDQUQgWeJ0ilXkGMFM0eE0=

— release-0.1/decision-trail /YpjN0UAF63NScHEXgWEiq3F06liXghvegB6H9jqT3ca003I+TxHTGAQ4PEsF/yGYodkcG13pJOKFSE9rIVFCATd8w8=
');
INSERT INTO public.checkpoints VALUES (293, '\xe4939857ec8f89dd12068ec2a287d1c135f7b7524a4d4ff664880d06123f8037', 'release-0.1/decision-trail
293
5JOYV+yPid0SBo7CoofRwTX3t1JKTU/2ZIgNBhI/gDc=

— release-0.1/decision-trail /YpjN+TiQPzSHWJusUbM8ZC2DViKcgkcsTTIIVyOt9RIRqa0rw4dydIAcJSRv2eiGWqCmHn1/I2kFcfALtsoR8IjEAk=
');
INSERT INTO public.checkpoints VALUES (294, '\xc630bade31a82e44282f91ec15653caf34bd8a535fbc145465efa0326e976a4e', 'release-0.1/decision-trail
294
xjC63jGoLkQoL5HsFWU8rzS9ilNfvBRUZe+gMm6Xak4=

— release-0.1/decision-trail /YpjN93Wufn1Qgf1QKnRElAejAER066BY+nKjCCfEBoUPbzqBr4YtzusCZLE03xgUhJCNerUVI7Ifrvc78fKp0B77Q4=
');
INSERT INTO public.checkpoints VALUES (295, '\x011c8346427ceb807e142e6a4f434aae3c62a8aef03a9c6b2e703384ebaf5033', 'release-0.1/decision-trail
295
ARyDRkJ864B+FC5qT0NKrjxiqK7wOpxrLnAzhOuvUDM=

— release-0.1/decision-trail /YpjN8FnSHZEGAxcCBraaKOWxIoTRcozLNtTR6X3O4lW6x7IlIG/h+zHL3XvgZamB92f63hUnF1b/Kr0HjO4wQt/+A8=
');
INSERT INTO public.checkpoints VALUES (296, '\x18aa8af2730f94a05987e8455e005b952bc96f11dfb60641d26128f9899aaec8', 'release-0.1/decision-trail
296
GKqK8nMPlKBZh+hFXgBblSvJbxHftgZB0mEo+Ymarsg=

— release-0.1/decision-trail /YpjN865c6DGZQyKPYmZy7MqdKslBJIS0iUCf4H/8U7ZFrlRtZXG84SbqDofLzpO/F6hhdialjCKIHrBiXcp/pwO4A0=
');
INSERT INTO public.checkpoints VALUES (297, '\x14a46fb862229dfc1f7bc184b0f9f71cd2e70c2917fe6f403f5b04b19093e766', 'release-0.1/decision-trail
297
FKRvuGIinfwfe8GEsPn3HNLnDCkX/m9AP1sEsZCT52Y=

— release-0.1/decision-trail /YpjN1zFCzZWqwWUw2TYUyzTlhOu9pc+Ky4ZRztQhkgSlSrtcZU0/t02Nv7jZDwoyZfyTAAowFmQRwGzgQjwzjAhTQ0=
');
INSERT INTO public.checkpoints VALUES (298, '\xd7a59fe58ef57f0b6c4b337cbcb46139fbf46b45b6af5f053601b8fd4a5ba490', 'release-0.1/decision-trail
298
16Wf5Y71fwtsSzN8vLRhOfv0a0W2r18FNgG4/UpbpJA=

— release-0.1/decision-trail /YpjNwNJxWjjbaPXeJpViH3RlR6Ak+l/pee15kb448NAQZ4QKotAfNsRm/B/Hn28NqptxRmc0ugefdGfQ6nlRpzGxQo=
');
INSERT INTO public.checkpoints VALUES (299, '\x73f6eed3dc47128e05ea290471fab30181bf02609252649f6faa1d41440d5d63', 'release-0.1/decision-trail
299
c/bu09xHEo4F6ikEcfqzAYG/AmCSUmSfb6odQUQNXWM=

— release-0.1/decision-trail /YpjN1BZHWL4qJoyBLf2s96qgRDPNnbUR4zjc732iZvEkCLgBsHPGuToB2+0BekoJ//hMabJUXc/YrVYsQdIzeRpGAM=
');
INSERT INTO public.checkpoints VALUES (300, '\xd0e487a224f6007457802cedef5f75b43d079a269bdecd19e69bb746d385a04f', 'release-0.1/decision-trail
300
0OSHoiT2AHRXgCzt7191tD0Hmiab3s0Z5pu3RtOFoE8=

— release-0.1/decision-trail /YpjN1faCy8s0xc/cedQeH+Fm/mQQW7dP/gSvv9W624583Hy/bQmCfwXX2MjjqAIDueb6bzwWOgewk9oU+ODaErXgwE=
');


--
-- Data for Name: cosignatures; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: idempotency; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.idempotency VALUES ('', 'key-0-5', '03ad61d8579b661dfb069a038dadab376399a3cb6589fe83de7926ffb11683e6', '01a21287-2ebc-7fba-bb91-45db89d91d1f', 4949207178939);
INSERT INTO public.idempotency VALUES ('', 'key-1-5', '656c7f04c7ac70130f178a11e83585fd153dd5f2ffc8644265197cb5724c7ae5', '01a21287-2ec7-7406-9a02-41df71536f66', 4949207178949);
INSERT INTO public.idempotency VALUES ('', 'key-2-5', '7fe57b9434135dd6fe0b48ead10402340396e7a8870ad5d79fcc826c6159ee45', '01a21287-2edf-7cde-965b-111ecf95645d', 4949207178972);
INSERT INTO public.idempotency VALUES ('', 'key-3-5', '6a5198959e88fc7cc36fbceb853d9871b131dc7322db9750c87167aa97af46db', '01a21287-2eea-7085-808d-67f508c7debf', 4949207178985);
INSERT INTO public.idempotency VALUES ('', 'key-4-5', 'c393bda15668c7c20d6f3873249bb1017044968f81c7bc665046791f833dd213', '01a21287-2ef3-7260-9e4a-8a1369f05f57', 4949207178994);
INSERT INTO public.idempotency VALUES ('', 'key-5-5', '63d89d45369aaad39b394a4b6db03987c20c0f5449e1ecf54553ad789694b32d', '01a21287-2efc-7112-a979-79de03b645ca', 4949207179003);
INSERT INTO public.idempotency VALUES ('', 'key-6-5', '44bbc124243d0c3c93d2369bb7364a03cee6dacbd67f4676bba4ed1bd5adc939', '01a21287-2f07-7965-a923-a47ab86a6a49', 4949207179015);
INSERT INTO public.idempotency VALUES ('', 'key-7-5', '1de78526204b7823e6d0295ddc928f885a3f2413cfe92a2a35110a99125e8d9d', '01a21287-2f10-7372-a1cb-10b7f5ce111e', 4949207179024);
INSERT INTO public.idempotency VALUES ('', 'key-8-5', 'f7666c93e27b631ec71ad6387ca46654f73e28da4e840b73780a524156463863', '01a21287-2f1e-773d-989c-aa039895b859', 4949207179037);
INSERT INTO public.idempotency VALUES ('', 'key-9-5', 'c602d7c16568674b7c3722946f0acaf3ccc022d3d4dee84f317058c3599fd221', '01a21287-2f27-7dea-ab81-262d77193411', 4949207179047);
INSERT INTO public.idempotency VALUES ('', 'key-10-5', 'faf4e8dc1bb95392e154402fa0910dc5664391a4fdcc4e858d782314e2b90dde', '01a21287-2f37-773f-ab5b-9fb024641885', 4949207179061);
INSERT INTO public.idempotency VALUES ('', 'key-11-5', '4ad560e648af916b28949c5b7e9d686a2c3a17d4402d42d8a6b69c5989b92aee', '01a21287-2f46-7b79-81f8-1ee51a29a3a9', 4949207179078);
INSERT INTO public.idempotency VALUES ('', 'key-12-5', '408f0c0b61116cb513601bf7043fd2cce998bdb699446607df5cfd13633ebf35', '01a21287-2f4e-772f-8e15-d5da3e0b1185', 4949207179086);
INSERT INTO public.idempotency VALUES ('', 'key-13-5', '006f4b9aaa9acfd012ddcf500d28b00e62c4322eda292e4334e2007b7467681c', '01a21287-2f57-7505-8049-1cfc8d992bf2', 4949207179095);
INSERT INTO public.idempotency VALUES ('', 'key-14-5', '9926c3f25b127af4a12b508bee9f0a71bb7118212b0075fb1c540695864491c6', '01a21287-2f60-7f50-899c-b590df8ab107', 4949207179104);
INSERT INTO public.idempotency VALUES ('', 'key-15-5', '70aa8a43e8494c53bcadb8122dfd7a3f447dfd5fee06d89f8f18a323e0a89c66', '01a21287-2f6c-793f-9110-b99d2f195591', 4949207179116);
INSERT INTO public.idempotency VALUES ('', 'key-16-5', '7bac0657124b4a9fbeb4387d46ea5b44c36fe035e2af1f03fb4556fab3d71715', '01a21287-2f75-75cd-8c67-eff6a6ee39a8', 4949207179125);
INSERT INTO public.idempotency VALUES ('', 'key-17-5', '70a1f5da2915937636a2a47ce0a6f6529a0ad38b3ea37cbd44a60a779bf63542', '01a21287-2f7e-7e15-a951-8dc25c6fd44d', 4949207179134);
INSERT INTO public.idempotency VALUES ('', 'key-18-5', '2789f2a7ddc5fa1ee4d7ddbf205a3de2a0a9c5240afcd9f44275f840950cb431', '01a21287-2f8a-72ee-a5ef-e6dfebd01525', 4949207179146);
INSERT INTO public.idempotency VALUES ('', 'key-19-5', '6348cc4810b250ddd0c1db097dd26c5b43a19b9a203fe0ff3a455fa057886e79', '01a21287-2f93-7403-8eb3-04b61fe5b671', 4949207179155);
INSERT INTO public.idempotency VALUES ('', 'key-20-5', '4450385fedcb590fa4b3854d17f33c5a11361e09d6a649ee4993988e1065ed7b', '01a21287-2f9c-718d-a1cc-03c520a8281c', 4949207179164);
INSERT INTO public.idempotency VALUES ('', 'key-21-5', '2c0c1fd25f4708ec15897a142f6c9080dbc1704dc1f131268849e77523e84a97', '01a21287-2fae-70b5-9c33-a6504c763f03', 4949207179181);
INSERT INTO public.idempotency VALUES ('', 'key-22-5', 'a69930834e672279f24c208e33a1b4bd02fd8dfad512522b98c637f6e7f463e7', '01a21287-2fb8-7ebf-832c-37cdde87bde2', 4949207179192);
INSERT INTO public.idempotency VALUES ('', 'key-23-5', '190eb9daf0ac4ee70b0470b2ef99b0d754fd58bc4c1c7cb32e1720b257eaf8cc', '01a21287-2fc1-7b6b-a8f6-a588ba0727d6', 4949207179200);
INSERT INTO public.idempotency VALUES ('', 'key-24-5', 'd6c8e55d1f006ab67b207af1037827938db8beaeb4c90fa431343c7d08e1ee8d', '01a21287-2fc8-715e-b96c-7a4095712070', 4949207179208);
INSERT INTO public.idempotency VALUES ('', 'key-25-5', '993b61edf21a0c55e11bb94e8de55548398b018286c6395d15862366b1936ecb', '01a21287-2fd1-73c0-bc8a-7c85ecef2b09', 4949207179217);
INSERT INTO public.idempotency VALUES ('', 'key-26-5', 'bda6c118cccce55803bdd1cd287f3b8a349b2ff847ad3e9aa41a5f624a0e2efe', '01a21287-2fe2-7895-a27e-033d0b01614d', 4949207179233);
INSERT INTO public.idempotency VALUES ('', 'key-27-5', 'de5c03c728ce102c1bc0d0892a6b1f4df1b8d9c74af9ee6f982aa62240126aa5', '01a21287-2fec-72ff-84a3-a34b0579728d', 4949207179244);
INSERT INTO public.idempotency VALUES ('', 'key-28-5', '01887c4c731abaf2fd3c4663b311054426b6772ca246bcebf8c5a8cdf7f6dbe9', '01a21287-2ff7-71a7-a7d0-3044d6b2d1de', 4949207179254);
INSERT INTO public.idempotency VALUES ('', 'key-29-5', '40688a300cf6806e7dd8a087022ead51248ccf5e200c65154c3346d3ccaa0f11', '01a21287-3002-7193-a889-8164378dbea4', 4949207179266);
INSERT INTO public.idempotency VALUES ('', 'key-30-5', '1a84daeb0f5b71e6f5c01631b5b5f283c08f284a89ace1ac2829b56f329469b4', '01a21287-3010-732f-a85f-6dbf309ef989', 4949207179280);
INSERT INTO public.idempotency VALUES ('', 'key-31-5', '1b261d908d06aa7598b258d772706015423161485180e1c0a815fcc51319a2fb', '01a21287-301d-75c9-af58-4f84ec6a46ce', 4949207179293);
INSERT INTO public.idempotency VALUES ('', 'key-32-5', '0f8302d93e8d9d25600c6038379f16de3354d01501417606b8fab9c689fdbd40', '01a21287-302b-711d-8774-f0548ff3c4f3', 4949207179307);
INSERT INTO public.idempotency VALUES ('', 'key-33-5', 'dd7b64e43e816dae7cfb1878bb4f40fa2047a71919bdd7b07b3457a98778e75b', '01a21287-3044-73fa-a4db-b4d645f92020', 4949207179332);
INSERT INTO public.idempotency VALUES ('', 'key-34-5', '8c27f736eb003a8fe2aa305d1c5e517a2c4c54dd96cdf055a54a277d0a889d6a', '01a21287-3051-7433-8bc1-1ffc7d13246d', 4949207179345);
INSERT INTO public.idempotency VALUES ('', 'key-35-5', '941208c25ebfa9cc1b9fabe1f05a3c2ca4a55a6fb3d166d1ce5248802ae09724', '01a21287-305d-7f63-91f3-4e108c1e079d', 4949207179356);
INSERT INTO public.idempotency VALUES ('', 'key-36-5', 'cdea41d5eeaf0c8d78da314e0936983bb3a2622c9bc2e28cb181596da07d0af6', '01a21287-3069-7f27-9eeb-910d03566494', 4949207179369);
INSERT INTO public.idempotency VALUES ('', 'key-37-5', 'f6d39dbae78ef58827b42b32241d7e616af02972fe47694901756b72b968f73a', '01a21287-3073-7015-9e6d-0035c622adc3', 4949207179379);
INSERT INTO public.idempotency VALUES ('', 'key-38-5', '3ad3a73cb2f946561d65229950db6cc0324072e44ee225a05a00cce066e1e663', '01a21287-307d-7d0c-af4a-4fda80899119', 4949207179388);
INSERT INTO public.idempotency VALUES ('', 'key-39-5', '12653cc768a3c436790fcd4ac9e0bbb550a674d359daefa94b9dbd40bedc622d', '01a21287-3087-7319-8cab-42b7b4e9544d', 4949207179399);
INSERT INTO public.idempotency VALUES ('', 'key-40-5', '5a10aedd8797498fdc6323a1b925197c1d75dfdae846d64d83296ac8b1747be8', '01a21287-3090-7948-93d3-4286ca57a161', 4949207179408);
INSERT INTO public.idempotency VALUES ('', 'key-41-5', '3026d958e04bc72044bfec987fabfbe4e0d4d21c0f9b4f5a9c583805359dba5d', '01a21287-3099-72a2-a952-aaba202429c6', 4949207179417);
INSERT INTO public.idempotency VALUES ('', 'key-42-5', 'e0f62cae016349620ed178e6478957b075a497fec173c75621b388143ed8016c', '01a21287-30a2-72ed-acff-3e3cf13a4f42', 4949207179426);
INSERT INTO public.idempotency VALUES ('', 'key-43-5', '3fac544a119e97653f78ea2673048a782bb5be8a7acecc5970554389e4dd4909', '01a21287-30b8-79fc-bf89-041a6a9f18a8', 4949207179447);
INSERT INTO public.idempotency VALUES ('', 'key-44-5', 'b96b8cf848687371ea2622d75e2d40b805ea65947fd120b25682cba560ceb778', '01a21287-30d6-7004-89c7-21a4a731e817', 4949207179478);
INSERT INTO public.idempotency VALUES ('', 'key-45-5', 'f04f0bf35ce1b219c1f0ab74d724fcfd92a3a69d1df8270983e1864073d48ea0', '01a21287-30e5-777c-b679-3860d311d6cd', 4949207179493);
INSERT INTO public.idempotency VALUES ('', 'key-46-5', '38f6d2d2a0dd89a28bffe61f2fbdff6f3b654799e4c771272e3b36329680b0e4', '01a21287-30f0-751c-a998-8ae656bfe607', 4949207179504);
INSERT INTO public.idempotency VALUES ('', 'key-47-5', '704603a6110f6741cd20e49b9df34bba141443dd0d92469fd520d3dcb42771ab', '01a21287-30fc-784f-98f6-00319a4229e5', 4949207179516);
INSERT INTO public.idempotency VALUES ('', 'key-48-5', '2f342dd10627419a40bab40dad2d830b9dfd0c5634d2c506ab0fe867b58f6beb', '01a21287-3109-7f3d-a9e2-1c61c04c87e2', 4949207179529);
INSERT INTO public.idempotency VALUES ('', 'key-49-5', '0c2e6ee963a42e2ae0014fec49e581db707cc8b26fac193e136461173fe0e1ee', '01a21287-3113-7d72-9879-a1b67c7a5b81', 4949207179539);


--
-- Data for Name: log_hashes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.log_hashes VALUES (0, '\x0216c0c0144c5281e600c53720ae548868fa29705961d754e8b1d349db52b16b');
INSERT INTO public.log_hashes VALUES (1, '\xcdeca7d046db3a66e7e1c05c350b36b20a01063ab2d1dd6243163972c3bcdd9f');
INSERT INTO public.log_hashes VALUES (2, '\xe812f51f5edeaf690809933bf6409d1b8da1940c22a0b17f06cd3bbe3f535dc6');
INSERT INTO public.log_hashes VALUES (3, '\xfd514959362ed5d382d7da6dd317072a1bc2843c3cf5ad2c0097e44e49fbca41');
INSERT INTO public.log_hashes VALUES (4, '\x87251e7f967d5e2d9c67505f99e8ec4942238e8c6e3c724251f4de2d9ee5cd6f');
INSERT INTO public.log_hashes VALUES (5, '\xb36161c2bee3016dda6beb18e5c1126629b5e96a9d8e7a98c2fe3f45c6fe6120');
INSERT INTO public.log_hashes VALUES (6, '\x8c53d81f49eb89ed888198f8eb6777b5065ecaafb7dc19874f6a4a4df598094d');
INSERT INTO public.log_hashes VALUES (7, '\x395aa201c3f6ba0037934a200b9f39970cd55258918913c5983246db6d21bf88');
INSERT INTO public.log_hashes VALUES (8, '\xfbfd7656f669800b109f84b033920a818873cc85d557a8f442759edafd3dc884');
INSERT INTO public.log_hashes VALUES (9, '\xc4ef346ffe6e05992a6d556913cfdde881b7945b96e6a118fe4f26de261d546f');
INSERT INTO public.log_hashes VALUES (10, '\x03642ffbe2c6dbab160a05ba2c2c687da5a59586a1a0de2514bc24bb6c7ce6d2');
INSERT INTO public.log_hashes VALUES (11, '\x286a7d8bede2c9c811519da54948151735f43e8df5fd1a4c3281c9590f612483');
INSERT INTO public.log_hashes VALUES (12, '\x6a15874ada2d7fd733e0d68d3c404f7eedaac00919d58bc4f87ee2322c77c963');
INSERT INTO public.log_hashes VALUES (13, '\x9adbb744b1a7224d296aa81dbf9f2f822597df6577f9fda2611a9733ea161bcd');
INSERT INTO public.log_hashes VALUES (14, '\xc4cbc4ab59128836fa2a711af64cfb0f2af73899d1c9ef50ea2bb280c91a22fc');
INSERT INTO public.log_hashes VALUES (15, '\x3f33e90bb1422629a4e05b0a5ecc2023eb190da75aee87605966576955249c0c');
INSERT INTO public.log_hashes VALUES (16, '\x21eef706d40f914dd239e844574af2d3bd8bc1e03f4f628a3662dcf637b8ab90');
INSERT INTO public.log_hashes VALUES (17, '\xdcfb11d41c03d0dc202f2295cfe08abe541b574df1e51886868d17e2e89401f4');
INSERT INTO public.log_hashes VALUES (18, '\x23e7224b2c82071e4512d8faa3673ff3f4a4e070a5bfb541fd659507ac5cc432');
INSERT INTO public.log_hashes VALUES (19, '\x8028656f876c919002df0d2ec377bf4421b95cbac368b4ff3be799c6d082b8cf');
INSERT INTO public.log_hashes VALUES (20, '\x43ebd37bd5ac63d02dfa23432f23ef842a8678bb5a47893f74b8cf0edd630123');
INSERT INTO public.log_hashes VALUES (21, '\xcd27b99a711b0a5e5343c280691c19a8ae0d8892a137964002eddbaaa893f50e');
INSERT INTO public.log_hashes VALUES (22, '\xcb541f1733bba4e46392b89422e456c465b6f93fca363cc2ea59e7fd736dcec9');
INSERT INTO public.log_hashes VALUES (23, '\x4118fba57108806aa61e63c41718d7889a68b9159f5a2ccefbd43d6e296e33a4');
INSERT INTO public.log_hashes VALUES (24, '\xea5f8ce8a4241406e0484bddddc873f399ee22e969a0e33586c2a59c1dd6244c');
INSERT INTO public.log_hashes VALUES (25, '\xd426d87f6256f870ed7bc7971bbd6220c60e8b96e286f4f90b056765c6fd6d72');
INSERT INTO public.log_hashes VALUES (26, '\x5f8c6c993d098305e7f357b95d27ed1d2e200152dcd09a8f9c6f1d5b7b4a9246');
INSERT INTO public.log_hashes VALUES (27, '\x7963a12b963fd4d8b2d6534d63f45374b83a6265df2832783cb152c4c32272e9');
INSERT INTO public.log_hashes VALUES (28, '\xa02047768a0cd32b1409d5931f90f40e574994144922f69dbf847b9c89ea23c1');
INSERT INTO public.log_hashes VALUES (29, '\x4246547187a2eb15e54005f1f0733cdccc3b78c04828238ad40ceb9c87ac2063');
INSERT INTO public.log_hashes VALUES (30, '\xbfb43f35eed5103695264a8f05566cfcfce337b9d22cf82872f2d00e044c17cb');
INSERT INTO public.log_hashes VALUES (31, '\xce2d1a5eab149a13be650deab3af8c85d5ec0a8e460327a63b37d8f95fbe22ec');
INSERT INTO public.log_hashes VALUES (32, '\x3d0c936c4b01abebd43589803f4d0746084ddb545111438ae05b09dbcef70cbc');
INSERT INTO public.log_hashes VALUES (33, '\x0aa28987932e09c32e94f90f8ee30f1fe1a6c2e4f1c35af65ca6feafe2d450aa');
INSERT INTO public.log_hashes VALUES (34, '\xa9304160747c737f01f197c6b0365857f21a01548726691d156c4bbc75f17f71');
INSERT INTO public.log_hashes VALUES (35, '\x9582dc2e7532595fb88b2e8d3ac8df031a689b8a4575429b3443b878f2b2b3f6');
INSERT INTO public.log_hashes VALUES (36, '\x475ce38e291c786b010a31af080067e931f0601fb2c468d1710afff0d47d0b04');
INSERT INTO public.log_hashes VALUES (37, '\x8ce5f554ce48a174cfeffa2b45108624de011e35033fec31228e282f50108f96');
INSERT INTO public.log_hashes VALUES (38, '\x326e33066d90dc4e290afccaa1ff69180e10a7f92f3e5d89800fddef011abd82');
INSERT INTO public.log_hashes VALUES (39, '\xf12533d18eda6f4cd0b555a40f77cc881c891e4eb22199e21a71248982a71316');
INSERT INTO public.log_hashes VALUES (40, '\xad2a634b4d1d135d380cf8bc0536a3b7aef8309cf6a2d4e0f622a0e5b15a009e');
INSERT INTO public.log_hashes VALUES (41, '\xc158c671edeff5ae05316fdc16ae78dbaa6da19d92d3d594361ceaf758431011');
INSERT INTO public.log_hashes VALUES (42, '\xa21811363bb9314ff7ecf252cbbb87a6ba208d7ccef9580e9de56ece277e106b');
INSERT INTO public.log_hashes VALUES (43, '\xff2a380a61732fe8e47caa8e4c67d90c1e3700a8804755898f798e28a85f5fac');
INSERT INTO public.log_hashes VALUES (44, '\xf12db0f47cd9f20b5d0e76fe50ceb17181a6336ce2156ec9dfb6414d63340a24');
INSERT INTO public.log_hashes VALUES (45, '\xda8f74db6c99bff74c63460bc60c63c9ee0ef4b1282f08e4e8d845f392a93578');
INSERT INTO public.log_hashes VALUES (46, '\x8bbf8beee34268b1cb024a5c8aed0f096d9881fba679fbb2a6e6bb7f3ce818ea');
INSERT INTO public.log_hashes VALUES (47, '\xfb36b3cda616478bb74aca9fc0a92ea5932939b387b706d2dc5eab372069dcac');
INSERT INTO public.log_hashes VALUES (48, '\x0c2c04cb6062f5a29ef0a76e59643e1269f45ce8c7ca497707511c66b9fcd5e0');
INSERT INTO public.log_hashes VALUES (49, '\xce05530c435f813e4b58ebc005d7a84c1acf652a70f0b7b050e9af967b3a3ba1');
INSERT INTO public.log_hashes VALUES (50, '\x24b331399aedf5339d7c40f654212c6e6d3dad9a963b5f218fd80c72023cc5ae');
INSERT INTO public.log_hashes VALUES (51, '\x8b25c624c4445ff2b0c83ca4f6dd9b48a4adfddeaa767993b09ef7ed6df778ba');
INSERT INTO public.log_hashes VALUES (52, '\xdc81b925da49dc3eaeeb1f7edad9c65be6f2f8c3d077f12e39a3194844f72690');
INSERT INTO public.log_hashes VALUES (53, '\x3fed5449be2ffd2134e29cdccaeefbcf6dde6e0df02d8eb507b7b129af9e4dff');
INSERT INTO public.log_hashes VALUES (54, '\x3bda74fdf679da118661230eefd901ae6e31084e9655a6e1c12ce0433dddb543');
INSERT INTO public.log_hashes VALUES (55, '\xc98708fc05d78919f6664e9ef8ea548bb956cdee8b61887e03f3dd18f44a8f70');
INSERT INTO public.log_hashes VALUES (56, '\xd382c07b03c1d83d4ec6697a03ba53d91ffa564792d88941cfba957c8cadf1ee');
INSERT INTO public.log_hashes VALUES (57, '\xf5097a464026ba8cde3dc732ed3b70f855d5e4cc2029c84a3f062e6180c57728');
INSERT INTO public.log_hashes VALUES (58, '\x0ecd6c6bc8a9b1a513d788500160356352eb0628c746532fd113f76f5d782a8e');
INSERT INTO public.log_hashes VALUES (59, '\xc2db3832b2855179c09acabcb36fed8e5fb6cb52fdf26ae926ad860f7ea91b11');
INSERT INTO public.log_hashes VALUES (60, '\xdd7dd4e26a0ec7dec92636e99b7bfa7a38dffbfc2677b441dd80ced85d791fde');
INSERT INTO public.log_hashes VALUES (61, '\x72f86dbf8415013573d5bf7f220772d35a17062a5fa48367edd8346b461ac20e');
INSERT INTO public.log_hashes VALUES (62, '\xb33160236fbf6bd07907348a6763853b783693d04d02ff5bfc1ce851dd648c8a');
INSERT INTO public.log_hashes VALUES (63, '\x0d6068ed2a8db9496ee1a42270545e054cf397eb764fa2ddbc53471d17d3ed72');
INSERT INTO public.log_hashes VALUES (64, '\x528843987ee32cb791dda7e7f4407510f3d11a0ae06c85356c59dcd9d30b3b78');
INSERT INTO public.log_hashes VALUES (65, '\xfccd129966ad9462a644f802c71dcd20a545f71ba9e6649707b2285617e5dc97');
INSERT INTO public.log_hashes VALUES (66, '\x26cfc362dbeab9e11ee62459e5b17a7d50e0a096cd3fca4afcea9bf7d391f960');
INSERT INTO public.log_hashes VALUES (67, '\x195677b3610ca3e8f436fa13a5d2fc70c8ac5d0609be2ea4e0bd6a78e2f1d099');
INSERT INTO public.log_hashes VALUES (68, '\x50b43353fe202a68c8cb128f16de2ce53be76707797bf3dcf619e844ea2eeb61');
INSERT INTO public.log_hashes VALUES (69, '\x996b6d1899dc91b39f8d54157fba7d425b3259a943a970550663f9ad4c60bfc9');
INSERT INTO public.log_hashes VALUES (70, '\xed80ece190ba22fcc31539d04526c0a79da2015ff1d7b0ffee358519ab0b297a');
INSERT INTO public.log_hashes VALUES (71, '\x6513f976aceee283d158f64895b2c5b8eb778c35659c834bbd64dd42c6eb7bed');
INSERT INTO public.log_hashes VALUES (72, '\xedc7f97a625cbb0a6f2ec296183762345bb46735e28408b435bd44735b3d7588');
INSERT INTO public.log_hashes VALUES (73, '\xa2fc8ba1746bbeb9396ae2e2e98757b5b1fb8c533e31d0fefcc4d2c455386008');
INSERT INTO public.log_hashes VALUES (74, '\xfe1b2991e12b196869f64dfe04cf9a3e5b0179b24f8297d0e068d112bc6877e1');
INSERT INTO public.log_hashes VALUES (75, '\x4fdee6f90c95d8398c8ed0c5a416b269b727a6792dff9d7a088cab69cb7d8a3a');
INSERT INTO public.log_hashes VALUES (76, '\xb3fec956a136dc8d56fe4312ed09ef596e5d2c509cecb2e6e26efab3a7453690');
INSERT INTO public.log_hashes VALUES (77, '\x9715ce6dc962a2d30519b7854e6b76f72c218f41cb0cad6d7ff4821927336a97');
INSERT INTO public.log_hashes VALUES (78, '\xe10661cf9d2d3fb37df595fa70d633474f657daac3f64186676aea48039863b5');
INSERT INTO public.log_hashes VALUES (79, '\x90eecf7306042b21c6dc37506f196e8af7e8d2f69d6abcf7ede16c6488423da2');
INSERT INTO public.log_hashes VALUES (80, '\x09952fe3795e9e35e92394d42570b29556df4e2b88b18289127ebdfc4d9b9d5d');
INSERT INTO public.log_hashes VALUES (81, '\x975b7541607646e87a5cc6baf6aa5b10ab32daa06fd1d280bf1c0d03335de53e');
INSERT INTO public.log_hashes VALUES (82, '\xd1a99359387920cc67c2594c6f1e9f14a7bae0ea9b7ba21b252672d5a3f4c570');
INSERT INTO public.log_hashes VALUES (83, '\x8f2f9c8a56aaf872bc58003ec5b8ae7fb29287c2ac2672f841a544a41acf5976');
INSERT INTO public.log_hashes VALUES (84, '\x966aad41091d7b7727c81a084540671e8707316c0d09b08c3408d7ed7ae7f3d3');
INSERT INTO public.log_hashes VALUES (85, '\x34d6dda08b886dd93716f2664538f145df9def214aa5ddc749c94e1b42c79654');
INSERT INTO public.log_hashes VALUES (86, '\x7093c453decf9cea30dc42e4562865db0ac861b9d8fe95df27d39c4a7e3e4bb1');
INSERT INTO public.log_hashes VALUES (87, '\xa9957c04b2aa5c7bbfd15fc648c3284d26f5e5e338866a8e63c9da7ad5dfe04d');
INSERT INTO public.log_hashes VALUES (88, '\x2e2cdfca2d9c883bedd3c47c6fdfa634ce450ff2f7878138927456a01b324e7c');
INSERT INTO public.log_hashes VALUES (89, '\x89807cc8fd975061c4eaa095a37545707a4ff481347a080e08b49224794b9e2b');
INSERT INTO public.log_hashes VALUES (90, '\x6ac3c94803eb87d3431b07b441a35432043c0563091b9f84610fbf6919f73d0e');
INSERT INTO public.log_hashes VALUES (91, '\x7aa5c05360b63e9e5c787b53fdd349f14bc838579752034db51cfdf39228e933');
INSERT INTO public.log_hashes VALUES (92, '\x63664714db3f5503d4db916f105ef75d6dffaf42ac1362c20e6cb77b374058ba');
INSERT INTO public.log_hashes VALUES (93, '\xeabf3dc8f4353dd44fa533c98369cd702cecec98b00f4cdb3334fe81d4407abd');
INSERT INTO public.log_hashes VALUES (94, '\xb1cce50c53b5d65f99ecc5886f2c35961dadc754b14324af6f861c61ee7a6cf7');
INSERT INTO public.log_hashes VALUES (95, '\x1e79339749501265058d5cbcb0ff551dca738e32be6c2a0462907a741c257a8a');
INSERT INTO public.log_hashes VALUES (96, '\xc39a0a20ba9e2bff058c0e3aec512f83cb4c0c05f7ff3dfe7a19d0567d8cfb39');
INSERT INTO public.log_hashes VALUES (97, '\x4b0af1c0d8eeb527333a9b31cfc0bb7463053efa9e625af8e71ef92a217bb10b');
INSERT INTO public.log_hashes VALUES (98, '\x327fba1518f080f240423c7b443f2679c5941e7872d9cedbd9561c2be4ad768f');
INSERT INTO public.log_hashes VALUES (99, '\x5ad5dbb600ecbdd614e41753c72a73a2d5737167d2e59699a02ef618867f518c');
INSERT INTO public.log_hashes VALUES (100, '\x5588d4bd24cca5945a230b7d1107c5599b19db831758a05e5f4bf6f65e36588e');
INSERT INTO public.log_hashes VALUES (101, '\x6960775bb56c8fdacc9c4e974754437489cb42f2731ce8be19c329f507549ad7');
INSERT INTO public.log_hashes VALUES (102, '\x6016c97c0b37e1a57e7edeb58a2a6bced97ae6f5235386b2a3b6ca36713e9d6f');
INSERT INTO public.log_hashes VALUES (103, '\x67cf7bcc6338edcc2eecad899745bdafe69c46dab0572cf3c4793295852fbb5f');
INSERT INTO public.log_hashes VALUES (104, '\x58a18b42887bec0aab1b8ecc24e75160cb6d55a13c4e99feb9c5be8bb76d816f');
INSERT INTO public.log_hashes VALUES (105, '\x1e1c465b89c45dfaf411c68d10512158a0889e8b8845a92261f526572ee83b18');
INSERT INTO public.log_hashes VALUES (106, '\x2c7afe30eec22695dd5d231f4bb10a6884b256be236903f2bb99eb13740dec17');
INSERT INTO public.log_hashes VALUES (107, '\x7716422f10a7694f26c347f86e80d8ffc6cf300bf265edaf8c74ac8db8947837');
INSERT INTO public.log_hashes VALUES (108, '\x7cf8321108225e2336913c097733a282bfd573d80fbdb34db8743a6edfef681b');
INSERT INTO public.log_hashes VALUES (109, '\xdcb824255d9bd40986506d695e541dd97217bc1ef39c610807cd50e54d2c39c2');
INSERT INTO public.log_hashes VALUES (110, '\x006392a5226e9847df32423cc5736668ad842be1ef7560cc8c12e777f87d4d4d');
INSERT INTO public.log_hashes VALUES (111, '\xb3c8efa926a545b7c0304b554021420cdeabfdfca308ddd65a407c5a295c5f70');
INSERT INTO public.log_hashes VALUES (112, '\x5f15fab2b4d301b11e555525e7f86750ff9bbeeee1838acf42ee8361e14772c9');
INSERT INTO public.log_hashes VALUES (113, '\xd41cc053432009836fd41850f76fdfd021449d170d63cf00c3365d6c65b36db1');
INSERT INTO public.log_hashes VALUES (114, '\x0a29581931fc73d3ed8cba2d4261b5ea4f37cf4be2fca03b0e5c878682a01c2e');
INSERT INTO public.log_hashes VALUES (115, '\x821cd047e509a3e72a0bb39ce5d96fa0e22267ba376d5123877c1f392d8456be');
INSERT INTO public.log_hashes VALUES (116, '\x6bb865b76f0999cca44fa4bd66d253e96136824262c5d488d5b5fe22e45ab0be');
INSERT INTO public.log_hashes VALUES (117, '\xf958ca3b0a34466932a4305cbbe678ad6e26193e8524e109f1eafb8d6ad1cb5f');
INSERT INTO public.log_hashes VALUES (118, '\x2b809e15f1f5870b90889bedde03c2f72cf5f245ddf09f969f46b230d03c8c86');
INSERT INTO public.log_hashes VALUES (119, '\x540efd72dc56d294a5a91dd651cd991548f45520397cedf6853403ba083abdea');
INSERT INTO public.log_hashes VALUES (120, '\xff512e674c791840d5be6bcb0218d206fc14dfe620e05133db147ac8fb5f4765');
INSERT INTO public.log_hashes VALUES (121, '\xf8579b544c9b257a11df33d14c2f838465915780ac45b45cfd55ecb61f3faea5');
INSERT INTO public.log_hashes VALUES (122, '\x98f9c2f9b9270384871d1f9b546e156ade19d7c88849ea11232144167a6c767b');
INSERT INTO public.log_hashes VALUES (123, '\xbf226e6db34c2678a0898376f6e2491703aff99c82a4e2eda6e2ed5362a1093d');
INSERT INTO public.log_hashes VALUES (124, '\xde978f159af6a529e3e7cf434b51fc3dd6d5b817d6c75fb65c44ab87b8227f97');
INSERT INTO public.log_hashes VALUES (125, '\xc067d6535cedd911e5378e296f34cc429097a2b62aaff78d447b6f05fc4d0423');
INSERT INTO public.log_hashes VALUES (126, '\x53c682ea73821cce1203f7d179040ed3304341e1502e55eebe42fe5fe0ea1429');
INSERT INTO public.log_hashes VALUES (127, '\x3cf48e2cc0f5b22f7e1ac87eaafb483cbe0b363f2aaec096f3e161584c096afb');
INSERT INTO public.log_hashes VALUES (128, '\xa02a8c6272880728ad0162cabf1de23d5722577417099ca32fe56a6240f0f058');
INSERT INTO public.log_hashes VALUES (129, '\x270e15085b00e01d575776c4efcffc3ed0f1b4362c790eb61d4a7f983d9a2471');
INSERT INTO public.log_hashes VALUES (130, '\x31d453df755e90574ef4f245eafe70ddb9db8d63c1d36b6d37eca157fb8bf9fd');
INSERT INTO public.log_hashes VALUES (131, '\x29ee16153440673dfef9e84c4d174ff2d2eab76a6ba5e8a06bf13bdd27a54674');
INSERT INTO public.log_hashes VALUES (132, '\xf3a5fae188adcbaf151f1ca6d15200602747fb61eb6c8095737100ee4b685d36');
INSERT INTO public.log_hashes VALUES (133, '\x4fd9e8872291321d4e06c4a29cf93ca49d113cfb085d60dafd8cef126685efa2');
INSERT INTO public.log_hashes VALUES (134, '\xbeadd02f3931059850d07545c3b6dd8ce650fdf0f1d74b16e4fc1e46e7fc0ce4');
INSERT INTO public.log_hashes VALUES (135, '\xb84cb4c34590ef8647af6477ccb483ce120c1619e0d8b3c9b152750016c33f4e');
INSERT INTO public.log_hashes VALUES (136, '\x3803d7ba284c69561e882b61ec034e4d76103521e97b648b763829114c0086ef');
INSERT INTO public.log_hashes VALUES (137, '\xed47553a46954e5cdfa6eacc642c53e156b4436f50a3a1ea0d2015b1e1c80dde');
INSERT INTO public.log_hashes VALUES (138, '\x9f98c989447d5e4aead2fb4c3b87f32265e33629d2e732a1fa8b1db298749728');
INSERT INTO public.log_hashes VALUES (139, '\xb9d6fa926f33eff806e02bf8033da9b009ad228d25fc88d4a01a2ca86c3463cb');
INSERT INTO public.log_hashes VALUES (140, '\x0c9b1c2a1bc27006241e52ffb1fa7f9b6ccd8ef92167868c9b3c30dfc338f33f');
INSERT INTO public.log_hashes VALUES (141, '\x6ffd661d4f09a79406270725d21a65ffa9417d4d48861b56e9f5f77274ac1ab6');
INSERT INTO public.log_hashes VALUES (142, '\x269c3c2bf30edc65ad86e13e8007a9731ee504c3aad1d4641838df5e7dd0a2e5');
INSERT INTO public.log_hashes VALUES (143, '\x426a23329e193f99fe9b6a58c0320f6304fe1506d8ead6ed6d263fd5a2c04f68');
INSERT INTO public.log_hashes VALUES (144, '\x3f9fa876ea32980b7c34b4f7301f41ab7dbb5ff244e4b3852e086b593a4cbba0');
INSERT INTO public.log_hashes VALUES (145, '\x2553ef14dd5df8d2a82a752d923ab9faf92c1d635930580da917999b1dd21595');
INSERT INTO public.log_hashes VALUES (146, '\xa1a4cbc27435b42a24a6bd7945265049904d97edf9834e6e5915a2e7124255dd');
INSERT INTO public.log_hashes VALUES (147, '\x647696d46f464b76125cc11c5f10ae7ce8de7dbe3c50205e3bae6dd0fd75a550');
INSERT INTO public.log_hashes VALUES (148, '\x85e827496a392466a2bfe8a9bffebebca682d72408a7338be9e12199d0f2115a');
INSERT INTO public.log_hashes VALUES (149, '\x964734a1d125c87529e4153425cbf56c6cfea598969df5d97e2a69f8769b5274');
INSERT INTO public.log_hashes VALUES (150, '\x403e7fd85d3347bfdd86917a1e6a8e8cbd35dc7d99f70d41ccfb6fb217174325');
INSERT INTO public.log_hashes VALUES (151, '\xc9ca87cfb25038464853fa889fd9060d36faa9552775a37839508e97327305c1');
INSERT INTO public.log_hashes VALUES (152, '\x7fecf94a292f93b5a358b57d847ae4e4dc7a64d24dd584e69e2fc43e4d0389ce');
INSERT INTO public.log_hashes VALUES (153, '\x9db8b613432056c0e135f95ae4fc1df8f773845ef24a5f74c888c35d2ddf3b98');
INSERT INTO public.log_hashes VALUES (154, '\xba652e326ef198f2ed40a03322fc2a1739e3ec66643760785936f2680c2b00c7');
INSERT INTO public.log_hashes VALUES (155, '\xb564a7da676bcea9b63357e1e96654a1fdd1557927defb5fd3bd572ed3d43720');
INSERT INTO public.log_hashes VALUES (156, '\xab2b5bf50e6527a0ec20347cb9d79ac28be4aee4159a6c98d7aae33137d31e99');
INSERT INTO public.log_hashes VALUES (157, '\x915a42887e57b51bae28e518a192ec6cc16eff5e77584869c6b70efa4ec07742');
INSERT INTO public.log_hashes VALUES (158, '\xe90a6e8d32c6f3477549048a174c7dfd8de9f29ddd700152bcd379192ed1c6aa');
INSERT INTO public.log_hashes VALUES (159, '\x1950afc90d0e4e122dab6113e4d169e8a5b0853abab981c8df813c5b78d7a8fe');
INSERT INTO public.log_hashes VALUES (160, '\x5632b858783aa87286e07ee420125ba810b2e0cc121408bf6c379ac0ceab6923');
INSERT INTO public.log_hashes VALUES (161, '\x38cebb59be8bdda12d306b10f467ea4ec0ef09ea195f62cd31fe378431e14c74');
INSERT INTO public.log_hashes VALUES (162, '\x2cd7e0d2fbd2f820e49147cf89b5d179e32dc3304c2a85bc8f834516b7a60241');
INSERT INTO public.log_hashes VALUES (163, '\x7ba040f76b5ded989ccaf80d6f3128f3d4aa28f02b473566c1b78a866c53c3f3');
INSERT INTO public.log_hashes VALUES (164, '\xdf9278d6b840df1325b6ab5f74aaf5b3be1950a372a4e4e985318d51e3124d8d');
INSERT INTO public.log_hashes VALUES (165, '\xcc7f3fbdbb5017521d8c86a6568703e6dd91e3b3c6c2fd382e97fbd6dedd560d');
INSERT INTO public.log_hashes VALUES (166, '\x04524934d04d1f91b9e6270a9937dd20a689bc7450abfd9a49dcb36ad189f6ea');
INSERT INTO public.log_hashes VALUES (167, '\xe5f78c9799e17fce0be3491eddb2416ccdcca6ea6fdb22c54ebba85e850ce5f3');
INSERT INTO public.log_hashes VALUES (168, '\xdcd9ecaa51af8eff2c75e794b080b5e9452abec3380753148b1e97046900060c');
INSERT INTO public.log_hashes VALUES (169, '\x2e8eac7a6bc8a87d5386152177b1b91d8d3ab992eb3032037f41b1880e5beba8');
INSERT INTO public.log_hashes VALUES (170, '\x73df952449772cb3eb1bc6f9c2dffac51e04e809b61ce1e84730c1760d6a2ed8');
INSERT INTO public.log_hashes VALUES (171, '\xde862c9f4fc711d3420719b5807cd520667acdfa2fc69423b8e3d903bae52e4b');
INSERT INTO public.log_hashes VALUES (172, '\xfba19ad4752380e8b1dab37b5b8b784cc9076dd308874339ff10089e03ce7e25');
INSERT INTO public.log_hashes VALUES (173, '\xaf4c68c6c2d787dec4dbede5c2f15570c2c2b24ec8dc71a11d22498ad31f0558');
INSERT INTO public.log_hashes VALUES (174, '\x11c8191e08a9c6253f0146532814fdfa6c483e4af0a044e7a96a749cbd574e51');
INSERT INTO public.log_hashes VALUES (175, '\xbc5e0b03bc8c7c5e0caf651d932aab5ca74880d0109be9fd49dfcbdf10f6e13c');
INSERT INTO public.log_hashes VALUES (176, '\x6ef202ca3134c55984ba0bbfc8381bcd5b82c2cb2f136d41b2b723a245f7fedf');
INSERT INTO public.log_hashes VALUES (177, '\x73da2a5cc51caf20cf227641e6cd61534dfa6089c7bd8cf6443323644bca34a3');
INSERT INTO public.log_hashes VALUES (178, '\x304abdb2a0697ea6ad116b0da495c75e06ebc135f1f3ead21340b7ac7de497d2');
INSERT INTO public.log_hashes VALUES (179, '\x951b0909a5327ad2b625055497ed0f4d45a94d3c314ed7caac8bdd064b580051');
INSERT INTO public.log_hashes VALUES (180, '\x6d12251a30dfc95fdb9d01537e103cfb76ba16809af813772c556420190fc570');
INSERT INTO public.log_hashes VALUES (181, '\x0ff074bde95b2b74dc0869cb9de487fb3822d38f1f3ab0219282e3f21c808227');
INSERT INTO public.log_hashes VALUES (182, '\x8688652ec200f5dbe08936ace7078d3863ad9eefe6b6185188ea7f230c732ea8');
INSERT INTO public.log_hashes VALUES (183, '\x4476f4daa0b8a6091af0f1ba08dbf3b19196689e767df256a26c66b8c5d44a7a');
INSERT INTO public.log_hashes VALUES (184, '\xda4f62b208212f7a5e4a08c68ae45514c0e4b40abbe8d090663cdbeef7827919');
INSERT INTO public.log_hashes VALUES (185, '\x550abf8f698cc581a5928f456c7c9eeae5d6a4a70d5b3697dedd415ab3f780bb');
INSERT INTO public.log_hashes VALUES (186, '\xfb86947b53919d8eeae7dee5a765b45badf883a41ffce28817d8d535d00bce9f');
INSERT INTO public.log_hashes VALUES (187, '\x97b86f03f94080f1eeae716aba4fa6ec0cfed27313db98b6e8765ffe0a717c54');
INSERT INTO public.log_hashes VALUES (188, '\x1de5383918c4f505f5ba2b3ca05fe8ff0f0bea243b93c2349f1cd95608166025');
INSERT INTO public.log_hashes VALUES (189, '\x0351be2a54106c06fedfa31879b37732719c4503a2a5fb348407d03ba027d4f2');
INSERT INTO public.log_hashes VALUES (190, '\x957b6d66cdf9c1a493e759cfc169cdb4394d585a8e43d814d236c8d5ad55a485');
INSERT INTO public.log_hashes VALUES (191, '\x8663e81afcb63ea7a0681c9cbca683ceeb3b7a6a724a8b4b097a7b001c7ec371');
INSERT INTO public.log_hashes VALUES (192, '\xae104eb497240de8944d35b67e97b9c33fd325f7d1198c7bb3edf9ecaa043508');
INSERT INTO public.log_hashes VALUES (193, '\x9282daac5fa12e2d356dbc2715178905678e3635b05c37224ba792845d148509');
INSERT INTO public.log_hashes VALUES (194, '\xfd83b6d55c11bc271d6a3a3decf1a193279af86cee342f06a10064d3b664d2bd');
INSERT INTO public.log_hashes VALUES (195, '\x9d0845a7f41b4a8e852316e95701300ddc7afb1022076d372b9d6b6a15bff8f4');
INSERT INTO public.log_hashes VALUES (196, '\x9f4731d2db27819c6594ca7559df5aa728bb621bc171e585a968b10c2f77d4bd');
INSERT INTO public.log_hashes VALUES (197, '\xd29c37602cf538945988fc81f3aba9f6aa6ec9f96f3e5569ea7ba48dbf8292f6');
INSERT INTO public.log_hashes VALUES (198, '\xb850b82eda4fc6be35a5c15b82907fbb3580c6c428e7bbfe177fa7252aa5a9d4');
INSERT INTO public.log_hashes VALUES (199, '\x551b01f4c388531f59379a714ffffaa1e9f3537b45a8203e5848496b6cf723b7');
INSERT INTO public.log_hashes VALUES (200, '\x96f98fe904129bc176d913fe36916060d1fbedcd213f336416caf8af5ea56ba2');
INSERT INTO public.log_hashes VALUES (201, '\x9f305b17e2ee7ad5ff4d0f3497e0500064589e6414ce61391dc53dc88f9cf73c');
INSERT INTO public.log_hashes VALUES (202, '\x48eef16bc24ccd7cb6e49a0b958dfe63e9c54707d0c696d522619d1d4e446115');
INSERT INTO public.log_hashes VALUES (203, '\x48df136cdc192d8103530cc553d1b7c80b0f05cc8119076b28c4511277eb2d33');
INSERT INTO public.log_hashes VALUES (204, '\x1c2a45af935e1431cdb94c12463bc003d551a15d2ace1b87ab336e91a1159fb5');
INSERT INTO public.log_hashes VALUES (205, '\x1baa019bd150d736742fd9f65ef211499e38cae819b9ea22f92df13b2342f3d6');
INSERT INTO public.log_hashes VALUES (206, '\x4ed74810c89a05afabe7533fb0009fef1801d1f6b2e1310716a883813df1b61c');
INSERT INTO public.log_hashes VALUES (207, '\xf0fc6087daa252c64992f8561858dad48520698df2dbe9823668220f7603ca96');
INSERT INTO public.log_hashes VALUES (208, '\x292f32c6376cecdbb25448c901fafe7579da5d53259b68b89da4311641262e5f');
INSERT INTO public.log_hashes VALUES (209, '\x26beb904be6fc3eeec9c1e7ba14b0a7fd912ebe043b4798f61b38230b5da1b51');
INSERT INTO public.log_hashes VALUES (210, '\xeeab2cc0bdd0f8f5ae6a697abcbcaba68b7fd372987f375d64810031944bc9f6');
INSERT INTO public.log_hashes VALUES (211, '\x158c4016fbbe992636caa47af32ba2aee7627ce55391fc4e1964f63cfd5cbb1c');
INSERT INTO public.log_hashes VALUES (212, '\xe4ee977a01aca255d985ab4d264a90dd4fafb72d9e1f4252c31ad470d50f9886');
INSERT INTO public.log_hashes VALUES (213, '\x5b6a30eadb8acc7cbffcf43f923d0105ddafb78d8e51261f812d8679c1f13fe2');
INSERT INTO public.log_hashes VALUES (214, '\x0fb9c09287921b5bc0b9e8f848a57d93ff44a27d0d5b6a65189d31c7b767b810');
INSERT INTO public.log_hashes VALUES (215, '\x9d4f76ba2eebb036c720dfce24b8b08bb580013e9eac628d298e7ca5c2efde11');
INSERT INTO public.log_hashes VALUES (216, '\xbf353858ec8edbe8895979963525c8e38264e9b4c7e5c9f547db19b36e795ea7');
INSERT INTO public.log_hashes VALUES (217, '\x31f336c0b8d17d0220d9070a390594fa9f511f0a77500b099f78c5e26f6456c3');
INSERT INTO public.log_hashes VALUES (218, '\xdddb0d14235bf2a67ab8cc83259f41c090f4b06dd9a53018a59dfa01374dfe25');
INSERT INTO public.log_hashes VALUES (219, '\x9ed3f30f8a993ededa92898329c4067692fae74861e80016005c04b7e088e886');
INSERT INTO public.log_hashes VALUES (220, '\x5012ad4e8ed64a09acf94a4a5bfc313b220946734bfc00d2bdf4e5b3c7314998');
INSERT INTO public.log_hashes VALUES (221, '\x50d01edf47859ce385a7ab137f9aceca9f63fc0e475b80346a05c3c503ad970a');
INSERT INTO public.log_hashes VALUES (222, '\xa1f75e17e834ba9dbe3e208f9bba2ac262971c9745f85bc7f554b139ebc1a427');
INSERT INTO public.log_hashes VALUES (223, '\xcb94f3fd7e734cbdf2203b07ed674c43561856da13c0ac00c451ed9aa5821ca5');
INSERT INTO public.log_hashes VALUES (224, '\x681274f066306ebd9d46fa71774ba7cd0c024524d04b5469edad1062c8295bcb');
INSERT INTO public.log_hashes VALUES (225, '\xee37bda68ecb1745c8ca7aa5ca36a9c818f47923da27f2c8c8bffd8d13911649');
INSERT INTO public.log_hashes VALUES (226, '\xfa53ad49fb5472cf7d7785ded4a863f23b789266e1bf74ffc83d51d2a060cda5');
INSERT INTO public.log_hashes VALUES (227, '\xe7d98b86f4090ec0ea156a1437b822f06b9eb5bb1d849203fc0f072c2814db3e');
INSERT INTO public.log_hashes VALUES (228, '\xc6230c368879c1f3ffae0d9c43c6166f10a228b62568045ef22fbd0980aaca0c');
INSERT INTO public.log_hashes VALUES (229, '\x6f12d2929368f73eb7def5a0b86d02b668f73f5fed3924e5b1455f0835b804e7');
INSERT INTO public.log_hashes VALUES (230, '\x9ef4dc2d1d94e9bdbe4edf398af2cd05aececf063d9b7b256e1fc439513d211d');
INSERT INTO public.log_hashes VALUES (231, '\x56e23890a7982d6a59a2fe758d84cb8c219ce5c91c01bc8bcec76e200281d195');
INSERT INTO public.log_hashes VALUES (232, '\x704d55b6d0c99c9f6d9de3d4c553e243ace7fdc57c59485d0381026b94d5e522');
INSERT INTO public.log_hashes VALUES (233, '\xba387bde6a001f81dc4c86b52a98b7b56326ab0f201f2344257728c17ea6f230');
INSERT INTO public.log_hashes VALUES (234, '\x964a54b63895fe03e0646fb090176d95bb563f2c12f478f9fd076e437fb6a54b');
INSERT INTO public.log_hashes VALUES (235, '\xe93600d4e5d6da10ce32ad11a66426f3e6acb71b17d115cd2af95651d53411d8');
INSERT INTO public.log_hashes VALUES (236, '\xfa9b60add3bd2ade617ab74e3d2ec67de37d3cfed65aedf7396ff9cd6915af22');
INSERT INTO public.log_hashes VALUES (237, '\x449570f15f61d5be578f386fc92c079c7393f12ac61de05f46bd52d591ee1792');
INSERT INTO public.log_hashes VALUES (238, '\x0696d01ef2956d3d8e496e2734438b7dded8e12d21f97c15ff41911df2076a75');
INSERT INTO public.log_hashes VALUES (239, '\xfc73c35a23a435b93d0c98f504ab2ccd02ed6a2d214129106c50ea88110aef35');
INSERT INTO public.log_hashes VALUES (240, '\xed1295aef2dc524289d4fe096ccc34605d604db54be5dd37e0d766c04c05de36');
INSERT INTO public.log_hashes VALUES (241, '\x43459f746fa0b12cb52eb8da69a32e029cd9720b134f76661f57a6681bcc796f');
INSERT INTO public.log_hashes VALUES (242, '\x21fc44dbe4b1365d08ce6e00cc62114a57a04d2dea273fffdf9ac79c74aa792f');
INSERT INTO public.log_hashes VALUES (243, '\xf0f94ea768412cc9856438545b581c06d11195024767ab8a48da8512af4902c3');
INSERT INTO public.log_hashes VALUES (244, '\x8ea885b56bb23a7f25cc0d5a031e27e9d0468d4e18a28fb4dd377b1962badae2');
INSERT INTO public.log_hashes VALUES (245, '\x3cfd1213d5fd0e18695333399ddbac9550fb2e70685510bdee06ca54bf9824d5');
INSERT INTO public.log_hashes VALUES (246, '\x349ec0b3b36722664fd05bafb2113bc5b86728be2fbf7c65452bad14e8f23f4d');
INSERT INTO public.log_hashes VALUES (247, '\xb75c4b12151924228fd0315f891feb61686df5fbd8867e7deb8984d0b1bbe961');
INSERT INTO public.log_hashes VALUES (248, '\x569275ae98a15809cbf6063c04a73b9cdef132e71113da803e4e133678afb82a');
INSERT INTO public.log_hashes VALUES (249, '\x584cf5c5efda1bc3a7cfc7a4836b8f20d199706843951dfde9edd6a32e753230');
INSERT INTO public.log_hashes VALUES (250, '\x1e87afcf1ad42124d260ec396aa7361f8d2bfdc2f86aa565d980233d0bbdbf76');
INSERT INTO public.log_hashes VALUES (251, '\x7341ca9ee3d7efa96225ca8e579aa37798e12e99f08792e884cd9ea1c8756424');
INSERT INTO public.log_hashes VALUES (252, '\x27a52ca8c07042d314841cdfe8420a85d59bcfc96c1e7aa5b560445dfa58bf71');
INSERT INTO public.log_hashes VALUES (253, '\xecbfed93db5175dad4a72eb1229c42a47baec05d8af265a57a30e03422fe2f5e');
INSERT INTO public.log_hashes VALUES (254, '\x3b7c7f5083c9541ab0d968fde23350a05197aff10c921b96795002e7b6a93d5f');
INSERT INTO public.log_hashes VALUES (255, '\x23275cd9de8afe12ce2a7e8515310268a298c2d494bd30133a9e5d2cc5fc9437');
INSERT INTO public.log_hashes VALUES (256, '\x6d711b9096e5ebf50d00ba9f7eceb8394a223e622b1a2d64d009a4cd8ea9ba77');
INSERT INTO public.log_hashes VALUES (257, '\x5f5702e71f5b44473ffb8696166ce65965fb91fe51d8abe2a59ff8a83d1dd8a5');
INSERT INTO public.log_hashes VALUES (258, '\x79a95670fbd1285f4e6bed45ed2f1f88c9e65c6e35cca2a1953f35eb1b610cb8');
INSERT INTO public.log_hashes VALUES (259, '\x9dd1b157fddd1cd8f1ed85829bf4361011abfafd1ad965d6fdcafd40fbdeabe8');
INSERT INTO public.log_hashes VALUES (260, '\xda45cfabcd4a97caa6b5e0a79bd2428ebb6d982adb09beb888302cd6d6c85d8c');
INSERT INTO public.log_hashes VALUES (261, '\x0b8e99ae53fcd190c63f3c9d08edd9fb52222c6d82bbcfd80226b613ab2050b0');
INSERT INTO public.log_hashes VALUES (262, '\x555013ca954f6b6be95b732acd7faf482bbd40a1853bb9c790d0eeb44953ddc9');
INSERT INTO public.log_hashes VALUES (263, '\x5fb24873a89e22c8999aed4d0ee09c603bb1a6fadf1cf83cc0228e622a7fe1ff');
INSERT INTO public.log_hashes VALUES (264, '\x8651216303a43479f22fb1f05185f99f765132e2143c37f00469325d58e13566');
INSERT INTO public.log_hashes VALUES (265, '\x9c5e8fe640739bc435325588dfa7b96af86a2e3d0c9e81c34a4052de37a70cf7');
INSERT INTO public.log_hashes VALUES (266, '\x46e0470675faf02f45eac74151a8bb6277d770e5142bc87c0e8d0155e44e0bd4');
INSERT INTO public.log_hashes VALUES (267, '\x8ad7d51500f0e7e194e2ade8bca9f17a643a939ea7f8b0483cc977b2f3154284');
INSERT INTO public.log_hashes VALUES (268, '\x8fd44fce3f31a1fd0cdc4d2d3f5e01384af24ae1d7106e7d3bab9c2f7040a3b8');
INSERT INTO public.log_hashes VALUES (269, '\x45f3312b0bf02af96d47adec1dfbe519e266a6dc6601200d27e5e4037a9ac82e');
INSERT INTO public.log_hashes VALUES (270, '\xabf6e231bdad7e09c278b6fa63da19016c5919c6d5b2996704c2105ed91ff05a');
INSERT INTO public.log_hashes VALUES (271, '\xf375f277d6aa04ebfc1e8de3aa4963e9682bc2d8be3dabe3bec53103387889f5');
INSERT INTO public.log_hashes VALUES (272, '\x574c77c1dfd26902841d77de1875ee303ecdb53cd126f4ce5e136ad9c7386d4c');
INSERT INTO public.log_hashes VALUES (273, '\x8e411d90ab43c00fc4eb271c6c9eedcb184e255cbeb05031a68f82bbc40c1793');
INSERT INTO public.log_hashes VALUES (274, '\x230807ff702dce7949b021486df584bc2ad3b8f45f651a92ea4ed2e1460420d3');
INSERT INTO public.log_hashes VALUES (275, '\x7e0fd7d55a1dd1c53c1d4b9f91a2abff6d7ef54f039a19f41674522446ff9851');
INSERT INTO public.log_hashes VALUES (276, '\xcb27015ff09dee9150488ec4b10ef69b93f449cd9ed23d7b373e20ed0efd3033');
INSERT INTO public.log_hashes VALUES (277, '\xa1a2ffdd3e2012e0360029e2739e4dfa83e701c7e9d347854023b4a97edb613d');
INSERT INTO public.log_hashes VALUES (278, '\xb3ee5af885b39336521e52dcfca45337341b14898ac907380a578988152fdc2f');
INSERT INTO public.log_hashes VALUES (279, '\x283f27de3982c23e328e2174784c72dcea8b460926d66b4ec1a37182ecdaef42');
INSERT INTO public.log_hashes VALUES (280, '\x6033d697cafbc6ef025954f4e0bd2e531524f07c9bfa1501a61ece969c4e33f6');
INSERT INTO public.log_hashes VALUES (281, '\x55f57863dee1cb949a2f1e5047daeb0067c5bdaf43239f5ad0baa38975086374');
INSERT INTO public.log_hashes VALUES (282, '\x6e85205ebd2134aee262b4b9dfb9bec854559cc17e18d544f9c124980e7b0b00');
INSERT INTO public.log_hashes VALUES (283, '\xbf27ee79b584494789567af6e3a0c39daae4d25fd055357f49439a0b858dad69');
INSERT INTO public.log_hashes VALUES (284, '\xafdddb1102c140816721856870a9e2cd3386f69c15d464a752be10cb8bb30b2c');
INSERT INTO public.log_hashes VALUES (285, '\x65713a4620df7d2094135b6fad06ad635f71084d837b017993b84ba71a52b931');
INSERT INTO public.log_hashes VALUES (286, '\xb6b2a9b98a03e66760203312870971caf8ca70221a2d3fa5bbf0a47a5f9a920a');
INSERT INTO public.log_hashes VALUES (287, '\xe8488bb1383e99ec114225af2a729d0cf1c4438a33a8cf1cb04179fda7d83827');
INSERT INTO public.log_hashes VALUES (288, '\x5e9fa1b8f0242362c4c0d81ad2a8dc2ac77a8163e2347e332cd75b2e02d2590c');
INSERT INTO public.log_hashes VALUES (289, '\x8faaeb78fa3068f4131fe11003dabce7bcc0d7ac49db6f25b8bd4ee056cb52f1');
INSERT INTO public.log_hashes VALUES (290, '\x3b7d585f46bd679090149e37ccc694dbc3220645010f839c24eadb494b9abbf2');
INSERT INTO public.log_hashes VALUES (291, '\x5773ff4259a874532e30ff046a9301bfebcd2104967bc857f5c484875942b697');
INSERT INTO public.log_hashes VALUES (292, '\x48fe886bc7bfa85c29168c7d0441b89ffc0f46338164371e6199b7536c978f3e');
INSERT INTO public.log_hashes VALUES (293, '\x5b3954c9b011a92214f498934ce405d77434659ad91e9a2d19835815671c9d42');
INSERT INTO public.log_hashes VALUES (294, '\x6f43c99e770f3b2581296d34e5217f8c566893fa4bfc508691619809bd8b4842');
INSERT INTO public.log_hashes VALUES (295, '\x08da8e73886890531b741511428327adc761c702b89cc9f361e1ce393136d8e1');
INSERT INTO public.log_hashes VALUES (296, '\x730c1d01aae815012cfec4e8058ba7f84d3205c89fe743ddcc9bb852f7eac0e0');
INSERT INTO public.log_hashes VALUES (297, '\x6e7077ff2a33f588f2b67c09f246c79941049b29fb384a521c43c6f186b68041');
INSERT INTO public.log_hashes VALUES (298, '\x68e65c8fcc7ce2ff871b311fa4e289e04e0e3dcfc72e57984918906bf26e05e5');
INSERT INTO public.log_hashes VALUES (299, '\x0e77c33fcf4865b62c11b19afa63784e0b031c3f845eadf961a080b07910e260');
INSERT INTO public.log_hashes VALUES (300, '\x3da8d55e79945df26ae38b27ddec64c654815ef3d316cbbfd7f544594351fd8e');
INSERT INTO public.log_hashes VALUES (301, '\x2ec3740676e5a64263c7c87ddb1c9dc2b30954b0c4a9d9f57e56ce4284c16d24');
INSERT INTO public.log_hashes VALUES (302, '\x56317e26b9da570517d78c1d60800cb76727be8873c902b3c4de6661ac753d6e');
INSERT INTO public.log_hashes VALUES (303, '\xdfbfa4ca3e0e73044f770ece67c2332464e9b29b323291c1bd3ab91cd685f3fe');
INSERT INTO public.log_hashes VALUES (304, '\xf474f043374e7dc1ca86c35de4e6b57dc62a1c04c48830154f9e181b18101684');
INSERT INTO public.log_hashes VALUES (305, '\x01a75296c739302ccdd6d94c7991a715ffb8838c45b219d352eb0c6437dc0ed8');
INSERT INTO public.log_hashes VALUES (306, '\x4e26124d16ac1f954b5a7d8456d858f2a4174d07b43c33ec617da18d9e273e89');
INSERT INTO public.log_hashes VALUES (307, '\xdf8fa9dc8538dc2316486355dfa871b40c26e4cbf78fa3b73e62d6c366a12383');
INSERT INTO public.log_hashes VALUES (308, '\x930ddf8c10adf114cd09131dbbc368fffe33faf002b0377c096ddc737af3577c');
INSERT INTO public.log_hashes VALUES (309, '\x5565604da310f97855985d6507f867b39e28cc9c17db249d4df96cdd20a85801');
INSERT INTO public.log_hashes VALUES (310, '\xb3c93e6911f7f6a12f92254713f284e8098d0e80995a7e39cdd37fd1ba07c78f');
INSERT INTO public.log_hashes VALUES (311, '\x2f98e4206e758aa57e5114703299365f510647e33f8e19a1e53744be0ef0bcd6');
INSERT INTO public.log_hashes VALUES (312, '\x867854510c05db547448f5517efd802b6447b3222fc86c194724d24c5c0bc6df');
INSERT INTO public.log_hashes VALUES (313, '\x585d469eb0ed06d67ebc6252cfa80c04b9afc77a6e23b10da449bfb985020bce');
INSERT INTO public.log_hashes VALUES (314, '\xf013dd28d03710f21ac4ce93b53584145fb611a024346a3e3ebb16763e179a7d');
INSERT INTO public.log_hashes VALUES (315, '\x7eb9de85a112bd26daede72ce293ff58ba58c21fe81076c50e64ac61561b111c');
INSERT INTO public.log_hashes VALUES (316, '\xa46cf4eb2a0d96b48d7871e6ce2be5f206dfa7e8b896611f12ab7c1f01ed448d');
INSERT INTO public.log_hashes VALUES (317, '\x9f4ad3b65ebc4c9d5bb2dba7c248ef19ce73dd32ccc4cf58e2f6d7474d0c4aa0');
INSERT INTO public.log_hashes VALUES (318, '\xdffce05db376ceaf2446bc70c15b506628c4eed2130e72840171af6e88ea108b');
INSERT INTO public.log_hashes VALUES (319, '\x85b0ed094e2c0bf50d9ac33b2fadc5c8c73cceccf5d93865bd7ebf256612b040');
INSERT INTO public.log_hashes VALUES (320, '\x5f70e245122eecdeb27ce14175504491f9b6ea47c240a6432cbcc398248a75ff');
INSERT INTO public.log_hashes VALUES (321, '\x1a8bd8448e1ec7e44617aa256f06c0826fc82babe2a7cc9aa91668870168c3a4');
INSERT INTO public.log_hashes VALUES (322, '\x89dcabca71bbbefacd662e3f95d9f7f186018be1575d4ffbd76c6da013fc1dfd');
INSERT INTO public.log_hashes VALUES (323, '\xc582900e980d2c00b319ea17bddc52360c3367a8f103eed597dedaa2e36b3c03');
INSERT INTO public.log_hashes VALUES (324, '\xecb72996faadfa52576e841a4c326db752df3a7c87a74296c4644e885a4b43fd');
INSERT INTO public.log_hashes VALUES (325, '\xc152d80de05f1246fa5bcf34774c44ee08777bb68275d77b584ad88ef8a60c9c');
INSERT INTO public.log_hashes VALUES (326, '\x85b65c929a9c9a7088f794e2a0ccf0a3dc2c0eeecc34fe0ddcc52b2f0f941bbb');
INSERT INTO public.log_hashes VALUES (327, '\xe1109dd4436e9e5a61e5cf7f17d277b663bbf549cf11ba2f99b13f7595921291');
INSERT INTO public.log_hashes VALUES (328, '\xdf33686414bed1192f73a418ba1c8ca76dbac7708d387788820cff7c9aae33a7');
INSERT INTO public.log_hashes VALUES (329, '\x304142edb6d4c30a41499005ea68b9c143554b0b33d4fe96dab917620457e104');
INSERT INTO public.log_hashes VALUES (330, '\xe5a11531ae36dc59a507d0f1fc97e8bad6b98a6dff3190687e8d9840648faa39');
INSERT INTO public.log_hashes VALUES (331, '\xa9d71a784cc022007aba223c5e35c367c3f509bbf1987f2c51d7bc87deac251a');
INSERT INTO public.log_hashes VALUES (332, '\xab7e59f29a5856beb48a465dbba2f537174a743ae55568b9f694adcfddf4f0cf');
INSERT INTO public.log_hashes VALUES (333, '\x7e9c1bb2697f3eda15b4a60fa9c6c294463b65151a2f940f2e2c6581bd72ec31');
INSERT INTO public.log_hashes VALUES (334, '\x068e95539c24990018c36340ebb9810db90e6a0e9d1e7e6a59adfa09a6608fb7');
INSERT INTO public.log_hashes VALUES (335, '\x8bd090da849eec8c6ed24316bbac0d004a7ae0900a835e8bd0219f450dc6c984');
INSERT INTO public.log_hashes VALUES (336, '\x0e9596ca2be793225008a5337ed26aef1bee693fd60033b0e6cd59ca4f5c305b');
INSERT INTO public.log_hashes VALUES (337, '\x8c5e908c1b656a86cb153bc065365cbcf2a9acb4865bd095e989707b3b7b9dbc');
INSERT INTO public.log_hashes VALUES (338, '\x5e5805eab7327174a639f285c8437acad1d2f57249fd97f177f8cef47a35ac63');
INSERT INTO public.log_hashes VALUES (339, '\x96164a6de966b0bd37cc317edb84bca842a9bb60a49bc7eee4ffa9ace2422505');
INSERT INTO public.log_hashes VALUES (340, '\xd1556aed57f2648d1329a540e70643236d9e6433e7ac9a0d080b04273d16df62');
INSERT INTO public.log_hashes VALUES (341, '\xeeabd45c81161ef729b1ed7ba070c72e6bc5bea0c21d63f46dad5f1c2d23f2a6');
INSERT INTO public.log_hashes VALUES (342, '\xb33e88edf02afeb9745825cf1f817f64959435c0c447b53a3df29bd78f55bebe');
INSERT INTO public.log_hashes VALUES (343, '\xac0054c0b902ada5fc028702d8bcfb26ecce55ceec6910c36e7cae2622835ef4');
INSERT INTO public.log_hashes VALUES (344, '\x02d407a102f4f2eb516720d48f3c740347f7ed3c84f4500528b9a53cdb276ccb');
INSERT INTO public.log_hashes VALUES (345, '\xb5178d0ab62dfdda0b6308385f9fa9ee1f8e426f2ebc66fbd5dde23be4363d68');
INSERT INTO public.log_hashes VALUES (346, '\xae47c9771c2cb6372da29b082e6ba74c217659f8beb608b0eb993287e36f20d9');
INSERT INTO public.log_hashes VALUES (347, '\x49f61a00965616ee48360ca03cf7dd47864aedfa2acb1efaadc80572afbaa8ad');
INSERT INTO public.log_hashes VALUES (348, '\x9393ece89492154c18860ba243d242314f7fdab18c1bf3629df6add9ddd609bb');
INSERT INTO public.log_hashes VALUES (349, '\xc9cf707a047d8d5e7a6337284e5ada7ee20d9a9c914df67427e2188de011f10b');
INSERT INTO public.log_hashes VALUES (350, '\x4dcd800137534e3d5cd77a839f6bc241903f06143a6d2ee2e45047cb3088bd20');
INSERT INTO public.log_hashes VALUES (351, '\x5d975e94c69b2b7dc581552211f4cf95ff551cda6b0d16ff5972e8627b076cb5');
INSERT INTO public.log_hashes VALUES (352, '\xd83fd11223b7f66523ac4c5344f4f6f6603884105aaf6f955af99d8af748d285');
INSERT INTO public.log_hashes VALUES (353, '\xdc83276e7b9ee154c378e56a9e7191ebf3731d11819833d481872ca91a223343');
INSERT INTO public.log_hashes VALUES (354, '\x3ebf403054d139390152f8046267b6dbb9f3720d2146caf2eec6585ed5321990');
INSERT INTO public.log_hashes VALUES (355, '\x1b683806ff8427b059247d2df89098b948c32a4e8ba76c33c87fd6b57de51e2c');
INSERT INTO public.log_hashes VALUES (356, '\xfcb1840d106606ca02291f2cc0ae9b02f339b657a189aeebb677be63a4585b1a');
INSERT INTO public.log_hashes VALUES (357, '\xadd236bb20ae0e6a23f1d4c394650b247fd6bdbd321480c2c08b800c0681d084');
INSERT INTO public.log_hashes VALUES (358, '\x2ae27dc906c9bf8e38670ade970753e4964382cf8eff3ca98538e4f880fb11cb');
INSERT INTO public.log_hashes VALUES (359, '\x003998cc58abedf07e84f5ad063c901bb5d91aeb4a38d84f1876a59c452675ff');
INSERT INTO public.log_hashes VALUES (360, '\x810e8edb825f0cff73dc6a27187ad372599a6bfc6ddfb6ae16e9aec500510765');
INSERT INTO public.log_hashes VALUES (361, '\x566c7adb54b4c6ec18ea772182759e4ed4355d23a44648e74d73fd4f58d67983');
INSERT INTO public.log_hashes VALUES (362, '\xe05e0a36977ff5cfd2f0092a8e57fdc0988be6d996486280b54f551bbabc16e4');
INSERT INTO public.log_hashes VALUES (363, '\xf5080169ac411aa3426b1bc76d3192e85c01064e8852e1c390201ef13afc09c5');
INSERT INTO public.log_hashes VALUES (364, '\xe051689ccfc338ca01b8b11dd4e62ae0b0c0127e45147781aa8c7bf00c3dee74');
INSERT INTO public.log_hashes VALUES (365, '\x1382680b4b96843fb4c01fb7e86c2c4d0e043920b935ad8de666b5daf5153281');
INSERT INTO public.log_hashes VALUES (366, '\xe381ba14cdc0e3b89fe20dc8bbf693eb7683831c82106b43f4d109f950360027');
INSERT INTO public.log_hashes VALUES (367, '\x50b41f844524276fb1d17f5191ef606286381202620e4ad27409a73821fec7e8');
INSERT INTO public.log_hashes VALUES (368, '\xeba12f37d31c1900ba76cae7e29a43d9d9590d3f91d676841c1bd81d668c8fc0');
INSERT INTO public.log_hashes VALUES (369, '\x667415b9939728421e02b30ecb240b5ac562c15f7985904924f596d8af67f562');
INSERT INTO public.log_hashes VALUES (370, '\xbe12ed680c28213845fe60f4e059b83fa8620ee2d7f01f2f1c2a74e356b77613');
INSERT INTO public.log_hashes VALUES (371, '\xa8fdb1c4e70db72fc845ad7fcc9006818d306cd422c4595844f2d8c51a3eb487');
INSERT INTO public.log_hashes VALUES (372, '\x91716af4ced4d858804c9373d27a34c190eec2ecb469484b4e56e10a7b001873');
INSERT INTO public.log_hashes VALUES (373, '\x8e949ec90d8ffcf499991a89d845a323346e25d8c258354e1ea030b7655db6c1');
INSERT INTO public.log_hashes VALUES (374, '\x1dc94a9aa652e7b8efae6339dceb85c1ad0b3db807a97840eb2edb79476f922e');
INSERT INTO public.log_hashes VALUES (375, '\xa15535d2fae17b9f3f8c52daf0438828df725742020ccd186a3cffb78e62a6ef');
INSERT INTO public.log_hashes VALUES (376, '\x3cb1217ff21c0d93ce278479b2e0bdb4f48e3237e448efaaf833a42f18fcecdc');
INSERT INTO public.log_hashes VALUES (377, '\x4d6611bca73547b5ec1423853a2812161b156f47bf9a72bfa8026ecca7f83b6d');
INSERT INTO public.log_hashes VALUES (378, '\xdb57a2cd399a4fef89cf25f8b0293680e1e594875bf6aa9f229ca5c6fef90baf');
INSERT INTO public.log_hashes VALUES (379, '\x739b2e50d0ec8d4b85a5cf8f4d7b86cd81c78212239458aadb572bf8df50773b');
INSERT INTO public.log_hashes VALUES (380, '\xfaaeab6dd529b9db7df5884c3e1d4ffe18701f8f9619e4fd384b2e72d614438e');
INSERT INTO public.log_hashes VALUES (381, '\xb5dc91a6dbdf21dbf3ea3dcd4e016e64f3d77c7f5091a2c9934759188001d6a5');
INSERT INTO public.log_hashes VALUES (382, '\x3a75f809994b06be5bf75452fc45ad6977af6cf0dc8e81d85f724edeea833589');
INSERT INTO public.log_hashes VALUES (383, '\x5a10c0350460eb69af1e0169201df6934b75346c875357ff3df9028742da2346');
INSERT INTO public.log_hashes VALUES (384, '\x335c8f966aa6e00f0dd5741f0020e7a09a62a41468757063388ca6fa2366a72c');
INSERT INTO public.log_hashes VALUES (385, '\x3ed6faf4cdb23d17f849877019b8c3a48392dd532cd67d976b15ff0cbaf87004');
INSERT INTO public.log_hashes VALUES (386, '\x5301bd0c0afc2a4ce576835a01d1727d13d97279244b8a848533e6f81f0ee8fc');
INSERT INTO public.log_hashes VALUES (387, '\xcbfb3d231ce4cbf7e3aa40a098e8e4fa752320c2dba101ec48c18922f6be2f1e');
INSERT INTO public.log_hashes VALUES (388, '\xc8093a8540b4d3bb36c1a472a313def3bd14dd4b45cae8893daf6889c38a5014');
INSERT INTO public.log_hashes VALUES (389, '\xafc47e12725623ca2c45f5ceba7c1f2396581817bedf49c8c4a2a7321157c8cb');
INSERT INTO public.log_hashes VALUES (390, '\x5737d8e8d8075660334d315a9f0c8818df0df0a80ae19245a3a4581004995e6c');
INSERT INTO public.log_hashes VALUES (391, '\x44bb0cb322d556d314101888d2fdb49ee3c8e44a911ea0a9d8b0790bc721dcc2');
INSERT INTO public.log_hashes VALUES (392, '\x28d2458ab7881747b72d99bec83472db8168a23b51e5fbec98128edf59c0215d');
INSERT INTO public.log_hashes VALUES (393, '\xc3b00e096a27e259b0b5aec99f869f904697f77d882f08ba16a934e5f375f498');
INSERT INTO public.log_hashes VALUES (394, '\x5c69ce3f07a67ae906bc9c15d511b873044392057e916f690322c3fe8fce7eaf');
INSERT INTO public.log_hashes VALUES (395, '\xdf95e9c246fd9c334b1e80182ddd7606785ad29b435f0eea793a1def4c3a603c');
INSERT INTO public.log_hashes VALUES (396, '\x116743cea82bd697d8ac4e60b99d7c93a9a21292fbf82a6ee1146f4f9e048ef9');
INSERT INTO public.log_hashes VALUES (397, '\xf7b0d4a682b5cb3f0f85a221a15f9c54cce7a16346563e6195b9a5ead3bfcd63');
INSERT INTO public.log_hashes VALUES (398, '\xd288b113e12354ff85fe8d1611028dbfd811857dff3f0175fe432730ed462842');
INSERT INTO public.log_hashes VALUES (399, '\x0e0deddf979ea27819e394fc5a5b57d060d845aedc495d6fe925a144bfeb58d0');
INSERT INTO public.log_hashes VALUES (400, '\x07142128e24af2af365de7fa55160ccf45ee23729f7f7fc498dc6d5184a76b1a');
INSERT INTO public.log_hashes VALUES (401, '\x162fa679d23843f1dfa1446a0d319fc36c3f044e9df15c38dfae2fb906866365');
INSERT INTO public.log_hashes VALUES (402, '\x80c50042fa0f1daec49baaee1d52ec2b4a0d24bdbd525cf19d4095f201f58204');
INSERT INTO public.log_hashes VALUES (403, '\xad2e5a6d662431628a8c6b928b0fc86039554109cd294cdcaf9fc8a9e09cea24');
INSERT INTO public.log_hashes VALUES (404, '\xf00f676855c00cec9ad4c2700964f9a6d6ced2625050bacf0b9f29184cd09675');
INSERT INTO public.log_hashes VALUES (405, '\x21236155ef4d3500910a1ef2e339dca1d66f58b9620617b9728b93be4d1fd174');
INSERT INTO public.log_hashes VALUES (406, '\x62154696243d8dface9d608be57572be94e7a8b8be266b81b32f64dea6d8b9f9');
INSERT INTO public.log_hashes VALUES (407, '\xd875f6e3d1fc24d1301d1d1a79251a6200ed4fcedc2c9b6e9a817cc3f30fa2c7');
INSERT INTO public.log_hashes VALUES (408, '\xd1598a1edc0db46a38ea799c7158ff905ed72be50f47b0ebe52b5b46f4566fbb');
INSERT INTO public.log_hashes VALUES (409, '\x03a42fbff9c543ff85f6d3b1dc8aff513fd741eb6568272e17f2bef49f4ab6fc');
INSERT INTO public.log_hashes VALUES (410, '\xbba35e3a3a6d347a6d84ad187f90cd303a7bec9089ed87ae4a2726dea561c6de');
INSERT INTO public.log_hashes VALUES (411, '\xc25b6d1fc1653156fa3845d67e9c16bd5482b56ae90d17536f15f033380a2cfb');
INSERT INTO public.log_hashes VALUES (412, '\x9b8473b2c839a042d7d573e1e453b071a0bfc11d1bb9767bb7d3333f66c5efab');
INSERT INTO public.log_hashes VALUES (413, '\x3cc6ac9d764b41000a80d7905b68a99cd316f54c74d96fd6397d56be1450d2e2');
INSERT INTO public.log_hashes VALUES (414, '\x99ef017ac4f3d97f5ba803cf6d73b2770de9c1db0dd2dbc282f163acc1a9ca2e');
INSERT INTO public.log_hashes VALUES (415, '\x6c0c18086557a4bc4c2af057cd620db56c4a37e1faaf0bbf2eb8e8debf128072');
INSERT INTO public.log_hashes VALUES (416, '\x0b523233e80140a2354dfd707e3c369c408057dad4506da05a6e331cc9b63f66');
INSERT INTO public.log_hashes VALUES (417, '\x258a9bebc01cd771780ec4c3f0f22efdee2c3379f00f21fab522e2110bc5223e');
INSERT INTO public.log_hashes VALUES (418, '\xc471cbff6f93bfbeaefffe3ee429b3f30b970fae25f29c41fb3f2e4089566ef3');
INSERT INTO public.log_hashes VALUES (419, '\x10c83c1806122e1bb4be2e495a76c28d75c7cb93335bb9a1f872abdb9977ba29');
INSERT INTO public.log_hashes VALUES (420, '\xb1629ecf4ac2e50a47d35926fd62afaa6b3c4fe4cfa1c356349ae2f6d9f13a47');
INSERT INTO public.log_hashes VALUES (421, '\xbe644be0f47293477219deb5e97969c9147b5bb6a16ca44b37a8812b5b6a2183');
INSERT INTO public.log_hashes VALUES (422, '\x8ac5958488757ed0ee90c910522baf14528670680a0ed664a1f6fda41d4dbeb9');
INSERT INTO public.log_hashes VALUES (423, '\x7e2b9e2f542b893c1b0d4c37202b8907c20aad3101c0a69e03b48fcf4406bb87');
INSERT INTO public.log_hashes VALUES (424, '\x93d7442e7e2ad7a4f0af7afdcd3f617a6d01565bd97c42dc296d5cf66e0ca36c');
INSERT INTO public.log_hashes VALUES (425, '\x31ea864bce208bae1949be33fa9557d70d94fbaef5379c8bf9257da54e87da27');
INSERT INTO public.log_hashes VALUES (426, '\xfeb653490d354443586025d4f59b8569d408c2b87a2d6de64ab96646fa0579e3');
INSERT INTO public.log_hashes VALUES (427, '\x0b2e768a5e7af5c9665431ba7565d24b4d63c39759b8c220c7b0cb1854476ed2');
INSERT INTO public.log_hashes VALUES (428, '\x838a7d66106b040182fc8b153dc2db13fc78c8a5900807a326153d739d2c71c8');
INSERT INTO public.log_hashes VALUES (429, '\xd71b5f6d2b1b76a577ea1ed0026c163728ddfa44db975f9ccb615cf0e3e1909b');
INSERT INTO public.log_hashes VALUES (430, '\xcabe142c1d2a208a20ebdaf37ea263a6a192a984634bed1f4c6a1400d111356e');
INSERT INTO public.log_hashes VALUES (431, '\x7bdaf921ab4276a062b42cf848de3e577f43e7b573e4930cb032a3d6c1ec98f3');
INSERT INTO public.log_hashes VALUES (432, '\x169ab4203ee1318b581dcf7477c4334ef58f682a0a6a60a31672967cfce271eb');
INSERT INTO public.log_hashes VALUES (433, '\xa8793941c6fe33dab3d9204ccc1c45a491ae3d9defd91929d31d6706d30b62cc');
INSERT INTO public.log_hashes VALUES (434, '\xd0440c1bef68d07e3553b74b3f1513e2ea3184c65e53b34de5f8a6f643f01add');
INSERT INTO public.log_hashes VALUES (435, '\x5ceb64144e33dc22ecf281c7de13f58198f92fc8fb7877754dd19cfe53746303');
INSERT INTO public.log_hashes VALUES (436, '\x3ccf128703cd518f76729915a19407041b949bc507a7a76ba64345a0d77ff26c');
INSERT INTO public.log_hashes VALUES (437, '\xd0c9100984596f0e1e2e0db8edd34ef9fa7735a11a1a0e4ebe1a1b5643931c5b');
INSERT INTO public.log_hashes VALUES (438, '\x568238f4e2652d7c03babfe1d695f394b5101bc6674c9186112434a9ba1f250a');
INSERT INTO public.log_hashes VALUES (439, '\x0eb7fb81c90187288b73799335f35a2dc737590eeef672cf255d48dcd83170f9');
INSERT INTO public.log_hashes VALUES (440, '\x4aeb9b1717f6bfb1dd19e08e4b0b12fca1214cdd112f6611484e9e75ba508297');
INSERT INTO public.log_hashes VALUES (441, '\xa6a5a524a2e14f4b68e6bcc522e948b8ecc947a467a1efe541b21b36e99d05a3');
INSERT INTO public.log_hashes VALUES (442, '\x99dc2570e1c7e955df0e31d2831688509509faaa2e986da8e21570fbac182336');
INSERT INTO public.log_hashes VALUES (443, '\x9c52d5559570ea3097bccbe9b83c649404c3967048a2b035adcb07cdd24eb589');
INSERT INTO public.log_hashes VALUES (444, '\xdc70aace5688ca7bdf99f83f900b1e21a1de53307e7c526b5b5b3379221e37d1');
INSERT INTO public.log_hashes VALUES (445, '\xb49e97a00188a43ae99646ddbe42e73926e731f49898845492d92c782d0d4a38');
INSERT INTO public.log_hashes VALUES (446, '\x9f5d20d7e61f4d0a8d8945fab2d93f0a4b929faaee98950316b01ef1f647066c');
INSERT INTO public.log_hashes VALUES (447, '\x5f5a12d76aa638ced0967b95b28992fac131723402c30d8f944b1d50ffb83b48');
INSERT INTO public.log_hashes VALUES (448, '\x1d16d8c3984e702c7b2961689aa02337e472a0d01a748c6c6e2cb3f69dd28496');
INSERT INTO public.log_hashes VALUES (449, '\x7167148f7471f258bc50012d7da969f44cdbcc66cd4bbd584740a36542bf43a3');
INSERT INTO public.log_hashes VALUES (450, '\xbeb6e04fe836a6cf999d3c0a98391c60882f2f0e15613992a423e595bc9f1e47');
INSERT INTO public.log_hashes VALUES (451, '\xd76870c4f19aaac9b9372d671ade84566ba8dcedb032e32444915be6f1f07f5b');
INSERT INTO public.log_hashes VALUES (452, '\x23ceceb3eb8d978e32590c76c72994428f43c4e1da30f932734b71966dfd1528');
INSERT INTO public.log_hashes VALUES (453, '\x33b96d33549c70d1554503ad26a70de24119ff059e9fac2a64443818e26dc543');
INSERT INTO public.log_hashes VALUES (454, '\x023bfdd7e49da2657322ab47d3c6c655c0c53da8f0ed0a67e673a5bab896e215');
INSERT INTO public.log_hashes VALUES (455, '\x9b8ab6b1a0ae14278afa54b85682788a3c9ed27677024655f9964ee1c7f0dad1');
INSERT INTO public.log_hashes VALUES (456, '\xbd4f8776de0b26f383145c69d8cf5cac18d632e0c934a61804a84a10f61f6b8a');
INSERT INTO public.log_hashes VALUES (457, '\x87f0e392be1d5acce86843e582699c7fcc46495fa1c5420e5a260e585d6ad918');
INSERT INTO public.log_hashes VALUES (458, '\x16daee9588f1dcf283f55b81ed351b8f04144e291a035d096858609b28fecbc3');
INSERT INTO public.log_hashes VALUES (459, '\x13ec9fdae6ca4dbae010c0823add96e3d0c42ff221ed7f323a9cbb13b0af1430');
INSERT INTO public.log_hashes VALUES (460, '\x49e8c16b0bf83d6bcfc90449f3f1dc52d8ac919d35f4edf7a0e0f39ca64c37e0');
INSERT INTO public.log_hashes VALUES (461, '\xb346c16de8776e0b6f7d357088c7f5733def98d3c3168cad6c750f6786dfe2d8');
INSERT INTO public.log_hashes VALUES (462, '\xea355d60568fc9bab5db5449162dc357891c9d34ebd337f0368d5287b8f6e891');
INSERT INTO public.log_hashes VALUES (463, '\xdf0368fa96072cd99f269918b19b41c12c8ab9f714aa5863295a00502719eb9e');
INSERT INTO public.log_hashes VALUES (464, '\x720435df9b7c2bbdd15ebfbc47ecb17ff7e5ebec6eb3d8a28c975c1bc0735430');
INSERT INTO public.log_hashes VALUES (465, '\xec426c4cbc38bc4004b0bf5dcc184f93d45391c330b1d01cce155e16fe882cc4');
INSERT INTO public.log_hashes VALUES (466, '\x037d559e89e59facac505ca1e0ffe88a1589ea3dab206baa2feeab0cf6ce3512');
INSERT INTO public.log_hashes VALUES (467, '\xe691eaf964dfbc9a2bf09553dac20b0c400337e5f2491f6f860e08260aea1db3');
INSERT INTO public.log_hashes VALUES (468, '\xb917bf7b1b545db851107beb910b20a54717cc95845e8583ef1927648cce1b0c');
INSERT INTO public.log_hashes VALUES (469, '\x9a2910c17e66004a6a88684b40100ac2486feb821c0e4dbfd6d07d997ade3a48');
INSERT INTO public.log_hashes VALUES (470, '\xd05cfbcca979303573c7bf192ad5b65d4703595ef52d69b5351c722f4bb54c7c');
INSERT INTO public.log_hashes VALUES (471, '\x875f789cd7f656d902b947c2ab4f1f31689fc0e8f780f49f37a9be6946b32f25');
INSERT INTO public.log_hashes VALUES (472, '\xf9ba850dc5bf4b5a8d6bc49883de33aae1d1736f39b0512393fabe8044f291e0');
INSERT INTO public.log_hashes VALUES (473, '\x1c7b58db26586481feb419d131957cba28fa120f895ae91c633aa5de0b5dc3ae');
INSERT INTO public.log_hashes VALUES (474, '\xec64a9fee89b03d36c7f55c4bc7fe2560a689ef54fa38289b05ff1db84edcbcd');
INSERT INTO public.log_hashes VALUES (475, '\x35710f3cd8eacf0e8132f8968cfb4edda734cb782ce2d488a1c15fabe05fcabb');
INSERT INTO public.log_hashes VALUES (476, '\x1f606e44b8bd3776959d8b1cae751a8fbff8da203142b2541b092b6ea5bf3b51');
INSERT INTO public.log_hashes VALUES (477, '\x756c159dd2a07eac9f54463c8fd22667b13cb1120bc2e0c71f37fa18ea4f9ce8');
INSERT INTO public.log_hashes VALUES (478, '\xe319737d3586615268b550ff5593f4e149512875cb1a378d356f80ad7b92853e');
INSERT INTO public.log_hashes VALUES (479, '\x78fea160ef3a293e0aa3ddb29a71d4518fa06173fa4bf9aa7db8da352ff0cf07');
INSERT INTO public.log_hashes VALUES (480, '\x658a67069bd58c371dc3b226cf4ac10cc5224a85110ce51174020cf7f3593f11');
INSERT INTO public.log_hashes VALUES (481, '\xb3d5bbf316462ba9be646bb73e073c8891bec7e063f61165dad5dcf503d7af0f');
INSERT INTO public.log_hashes VALUES (482, '\xa50277201730820825d7a27034cc9c06c08bbb28cf9381f57abc4b40382a50f5');
INSERT INTO public.log_hashes VALUES (483, '\x931921a2ac6b062b904a4a226bceba741ea2830fece9704d43fd0fd6d3965246');
INSERT INTO public.log_hashes VALUES (484, '\x96ca72641e65efb06fa84a7940d447de026f4cea89120c679a7097bec8541bec');
INSERT INTO public.log_hashes VALUES (485, '\xce414be579aaa64202240a87869a6e549f41d7bd9cda0725dc421888596851a2');
INSERT INTO public.log_hashes VALUES (486, '\x107b0a653b01f9045f8d78767655478be83551e1316f400c1f9c408bab39988b');
INSERT INTO public.log_hashes VALUES (487, '\xb86ee91d8ca9328318a9141371af6d1f9ab74c0e6671764b3197f9c69815b14f');
INSERT INTO public.log_hashes VALUES (488, '\x25c7700b8205a27e34415ce2d754217ad9bd322b459355af91e663d1c228b9d1');
INSERT INTO public.log_hashes VALUES (489, '\xbd768f20971e0a87448701847652fc99cc111d9c537de286c288f67151bdcb0a');
INSERT INTO public.log_hashes VALUES (490, '\x48e1f7dadc5ae517e6c784e53b11f37a1f821989944d4274b436a967bc8c9d1e');
INSERT INTO public.log_hashes VALUES (491, '\x0c425fbf6f62ee038ab2d875789f3cca2cc392d32e5533f0df5d8ae81e16d3d5');
INSERT INTO public.log_hashes VALUES (492, '\x3cd52511696fdfc69ac513e1df0e4703c3a993d23a16e025815f6610b70fe4b0');
INSERT INTO public.log_hashes VALUES (493, '\x381ef73d9a8ce7ebc152cbd65c0314e5b9696f6e13c85aa7906c2033440db667');
INSERT INTO public.log_hashes VALUES (494, '\x6330f5070af369c989219117207183b101e32d875384c4017531b4c68ec581d5');
INSERT INTO public.log_hashes VALUES (495, '\x73c30bc31bb862e09eb35f131bbbe0777e2bf64c14cab9c57dde94da0df89e61');
INSERT INTO public.log_hashes VALUES (496, '\xdaccc9c1518744ea5cc523e84c93b9fd115fa2c6876a2a34a1cb8dcbd3e0f021');
INSERT INTO public.log_hashes VALUES (497, '\x64e63505a994b6150de257de69e12f5c7d90e282f4fcb0538efa1def01b4b45a');
INSERT INTO public.log_hashes VALUES (498, '\x0a1ad73719375eb57d88acecebe5754b4050147f5bb6f21ed23c387596326a0f');
INSERT INTO public.log_hashes VALUES (499, '\x15571ea069535b0e243e61b73b7c56e03f29e31f8b75b1022673d2013693f978');
INSERT INTO public.log_hashes VALUES (500, '\xcbafe7a8308ae55b18ded533c35788ab04097c6852bb1da371c0cab711825b6c');
INSERT INTO public.log_hashes VALUES (501, '\x2aebbbf043e2cefe793f49d19fd6d7ea36ff28c8bcf1acbb2000552d2f814f77');
INSERT INTO public.log_hashes VALUES (502, '\x39417dca16115f52a0c396343bd5b3a0ed0a3365f3b305bd6e37737e2a1b8285');
INSERT INTO public.log_hashes VALUES (503, '\x982f08229ae9ceb66bf38648367603c36f68a28bedfeedb993ebf761253568cb');
INSERT INTO public.log_hashes VALUES (504, '\xc23c11209708bf7f8fab56d191d7372518bce21bc7a5a5f0c0e3247deffd93d8');
INSERT INTO public.log_hashes VALUES (505, '\x0e3f37ec4f9266bd8a967e77e4e22935844ca74144af8e1425d1873d69af0e51');
INSERT INTO public.log_hashes VALUES (506, '\xede01272afa1be1d5c27479497c2d3e54885efec412fcabfef98d23491bbc48a');
INSERT INTO public.log_hashes VALUES (507, '\x3524ab1c89ec02c9e29c28210c65278228dd43f0d072c425f8fad0c0bcda8180');
INSERT INTO public.log_hashes VALUES (508, '\x5f4377feab90bd42cdc4a0b4f0df59e9c9d2c1cb62afa1f91e74999df290b535');
INSERT INTO public.log_hashes VALUES (509, '\x017991876231f985341a909a1cc58755be28ee504e3232bfe50b4de1dd7a36f3');
INSERT INTO public.log_hashes VALUES (510, '\xb5ab4d25743e66fb127c2cbf63e33af1e469317ec42b13fd7c88db084a8551f9');
INSERT INTO public.log_hashes VALUES (511, '\x3b8e15f4c7438400c403748074b83d4eb5edf87b01a69074ceb93cfcf351443f');
INSERT INTO public.log_hashes VALUES (512, '\xd2825323ac3e17979c2799ae94b22927e4ec7d40d470d4c920da0d5abc62ceb7');
INSERT INTO public.log_hashes VALUES (513, '\xce99f655e95ecc1222f659f304764ed4c67e4d05dcc92c95d3bc605989e6ffe9');
INSERT INTO public.log_hashes VALUES (514, '\xa31a31ec200c91e4d08ede18a83f5c66f0953484dbf4e0ece29e625b7b28edea');
INSERT INTO public.log_hashes VALUES (515, '\x22d619c3de8e5f0dc1e7c6bbb7e7ed59ed1d78a944554579f6994229bc59a23e');
INSERT INTO public.log_hashes VALUES (516, '\x7a77800f21f3a723112fda498f8037f044aa0f0f38f62ce9eec6c963c67d2b7e');
INSERT INTO public.log_hashes VALUES (517, '\xb64f7483c6771385a88caef3282e017e8d70245f586358f2a7cdbe9dded487f9');
INSERT INTO public.log_hashes VALUES (518, '\xbac996f46edb2e33f072d9231d5a04ac55b08424d28b4c5eb32653c7e8f7bb00');
INSERT INTO public.log_hashes VALUES (519, '\x1d66a53333680775f95b64376414177aca5a9371a5035529d7626d8811eb87ea');
INSERT INTO public.log_hashes VALUES (520, '\xa28446e6ebc64b371a451a46155495b2bb22816d562ed496c34ab8d6c9812686');
INSERT INTO public.log_hashes VALUES (521, '\xc876b75b4378e24afce6fab2bde676ea43f428876edcea675ea338012d211fe8');
INSERT INTO public.log_hashes VALUES (522, '\xc28ce401cea871668d5850416b5482744efd68d37ff3fa64067c91db4a1c9b9c');
INSERT INTO public.log_hashes VALUES (523, '\xf991f5e837a2793beaf170dd0b5acf86e5833c1a42f84baa935309fbfb630640');
INSERT INTO public.log_hashes VALUES (524, '\x9306cdc96ec70e45150b5d7a8f982086663261350e2317ac193968e700fba817');
INSERT INTO public.log_hashes VALUES (525, '\x520b5b200caf5718087c94e88bdebad5bf76469be4e3fb1f08059e48163aeef5');
INSERT INTO public.log_hashes VALUES (526, '\x1e1bfcbff8c34c7daea768e276a9c639483aceefc5660404e48f4f47cb58045b');
INSERT INTO public.log_hashes VALUES (527, '\xd01bbc56b75a4874a854b2ff46005c8068b4a84d4e2da62e895068d340a24e9e');
INSERT INTO public.log_hashes VALUES (528, '\x73081037e41e31249e3bd4b97d7bcf9de70f39d6a854529b1eca513c11b921be');
INSERT INTO public.log_hashes VALUES (529, '\xb994bea110b84dd5c277300ef0a15b1065d4c870a3d61752f5721eeed3ead220');
INSERT INTO public.log_hashes VALUES (530, '\xd50e311d79cd3d222da25f5be1f21cd186c40cdfa2436c3301ad83b75646d441');
INSERT INTO public.log_hashes VALUES (531, '\x3069ca34a4eb465dd19d0b1abe5641bf0828ad737149b801bef7027fc37e3adb');
INSERT INTO public.log_hashes VALUES (532, '\x940111448043c05e7b9e2171fd6fa980c8e8d029c3ec74c76e5c1b38a12dd7f1');
INSERT INTO public.log_hashes VALUES (533, '\x739fd8a1d08c6f0392272c76ab11a3cf529d780b621ac852a69b622e2ea9b2ae');
INSERT INTO public.log_hashes VALUES (534, '\xcd72f3beb790135089de616698dd3387d833b1a01745c129ba508dab71eac5d1');
INSERT INTO public.log_hashes VALUES (535, '\x9b718a4a3dc39ec27d7d799fd20961b527e6760cfbb9031cdaaf85da0fcda11d');
INSERT INTO public.log_hashes VALUES (536, '\x9562f4f6b4c38f2e27afd39da2cbeb6dc54967ebf3f8b13c3b7736e86f8dc2e9');
INSERT INTO public.log_hashes VALUES (537, '\x3c3f7d1ee31cc95920608905e23cfd1ac9e0d7c12b012557dc244c747b37bcd5');
INSERT INTO public.log_hashes VALUES (538, '\x48e4db6faccd69ee081c42d20c146b771715fdc637caf340a712290fb1d89ad4');
INSERT INTO public.log_hashes VALUES (539, '\x7cb48821ac880a64035bc5807e3a290a07f9de1719bae727071c219e6954f490');
INSERT INTO public.log_hashes VALUES (540, '\x8f6291301cf1998304d07edce6245d09b3c1884c8f19f7bedeacd47b954526ef');
INSERT INTO public.log_hashes VALUES (541, '\xad8a521e859d267f26c944b985dfa2308fcd23af2f054655f87c924e6c5c1945');
INSERT INTO public.log_hashes VALUES (542, '\xa9494bc248f39c43a05e4da4c7c10d29cd9199f336a7ab8a63f48f4a0244b07e');
INSERT INTO public.log_hashes VALUES (543, '\x45f7e32e1d4f4973093759c8e562c4b6b4a33beb1a87d1f5478a1a1c07112e9d');
INSERT INTO public.log_hashes VALUES (544, '\xbcd4e3bb30884ab9118f63648a38e946d914c5948215f825336463e250b51c04');
INSERT INTO public.log_hashes VALUES (545, '\x262043893a1a9cf9bf76fc19c536660736ccfdf1b584a636e459ab6e81a8159e');
INSERT INTO public.log_hashes VALUES (546, '\x11722ac50390697fa33ff37d091c7735548f2aaa9a860d320573ec697438e92b');
INSERT INTO public.log_hashes VALUES (547, '\xac1eed281c69bb09d7b36eedf2a812cdfc843591c52ce19886d4fbc22b6d587a');
INSERT INTO public.log_hashes VALUES (548, '\xc556f8a412f876219705da6f098606bb9046273d6f56551fd563d599c6399dc9');
INSERT INTO public.log_hashes VALUES (549, '\xc1d88ff731a3c41bf87aeb55a489d71200c3eb09a09ff398489acf3f848ec135');
INSERT INTO public.log_hashes VALUES (550, '\x52beee9bf956e10c0876326022552ed7d48d5b3e46bf909b9edd59214bdf928a');
INSERT INTO public.log_hashes VALUES (551, '\xd57be8c4f2f0b8ef7db09a0cc8e7258f6dc3df18b1fa3e16b7480863eab05973');
INSERT INTO public.log_hashes VALUES (552, '\xa2f3483a580a70ea6ca321a01860b63b9d0bd13f00d5474f5e11cdc6e78656a1');
INSERT INTO public.log_hashes VALUES (553, '\x206c983df38672f705d7e1e505b6e9bed1e2ebfe12a3b14af637b1aded5cd538');
INSERT INTO public.log_hashes VALUES (554, '\xfc85836d3b96a30fc4c8b4f5d5aa6f0dac16e8fffee56cb71fb51cfc88feb332');
INSERT INTO public.log_hashes VALUES (555, '\x022d1427a05f60183d76b9fef5f16626c7fe77d7944b92541080f8c8526414bf');
INSERT INTO public.log_hashes VALUES (556, '\x012f43a4b08088d344ff8c6e6936c56ea68e54fb6c800c0e5c0865f8a3983a2a');
INSERT INTO public.log_hashes VALUES (557, '\x4e0447d2143bf2bf8eaa7885e9e08483d0e210a8429210a57895c2350ba2d316');
INSERT INTO public.log_hashes VALUES (558, '\x41e034d7a866eb50b456398147592ccf78caafa924b1901f3accfe6d04b0cdec');
INSERT INTO public.log_hashes VALUES (559, '\xb00aa2bbf058c80da6f59a70a2d7d0487943860565384573aa0206b3a4303500');
INSERT INTO public.log_hashes VALUES (560, '\x4a6025ad395c86cc4decf8ed4cc166c97545be944ca6ab0ec707e36b613022bf');
INSERT INTO public.log_hashes VALUES (561, '\xdc935b3e5df4c98b65cfe87266e0f1b4ccb482e14712e24e396d13ae8eb7f7f3');
INSERT INTO public.log_hashes VALUES (562, '\xd62ca76219382906c28b79ded7bb6ae68bbe74ff13bd2cd6970e6023c82f8aa9');
INSERT INTO public.log_hashes VALUES (563, '\xfd67d8b88f7a43127e884e78c9a871610258cff4edd3e8aef45aa3e1074c4b41');
INSERT INTO public.log_hashes VALUES (564, '\xfa8e7f61b72ec2027d895d218c7d5e1501656539e0da47bde0518186d5b528ea');
INSERT INTO public.log_hashes VALUES (565, '\xb452f6e9d78b37d0a7f21c0b4d16e2ea713296b92d13a02e984d4c888ec1278b');
INSERT INTO public.log_hashes VALUES (566, '\x0e88ed3889cc6d7918393a699bc02b8f9985befd28592aeb1bc5abc8eeb7fa2c');
INSERT INTO public.log_hashes VALUES (567, '\x151c1c7e190973b77e547533f60161da60ff56a8ee8678bf978f27cd49d26e4e');
INSERT INTO public.log_hashes VALUES (568, '\x6205f35f8837429146c325343eed8574dba08d8a62c94fda41f1287ba588fdfa');
INSERT INTO public.log_hashes VALUES (569, '\xc850229ae65dd79fc61b100e573d40020f59dcb2762a10c4c0f3455016ae754c');
INSERT INTO public.log_hashes VALUES (570, '\x152c4291b013cc3c1af468b8a1122ca8af0aa20dc524ca0617134d42aff49b1c');
INSERT INTO public.log_hashes VALUES (571, '\x091c4d6f933ebeeee7997d91d228d6492bed9830b7253dadfc2bcc0b9f477986');
INSERT INTO public.log_hashes VALUES (572, '\xa7cbc468f04065fe15ac252ea73e55f5453a2a10925cb7e09f91c369730bf662');
INSERT INTO public.log_hashes VALUES (573, '\xfc4f3e2f504befb2cf1d53aa24e7ed02493303df7261a541544621664fe511b4');
INSERT INTO public.log_hashes VALUES (574, '\x07890024051bbfb02ea30a8fbea97101f2de9f08832ab7b39e8e772a017504a2');
INSERT INTO public.log_hashes VALUES (575, '\xc37c39dc73336c63eefb2ef23fe812296efc988267dd44b007476091942429ba');
INSERT INTO public.log_hashes VALUES (576, '\xcf07e3c9d479a642e8fe31e1099034b890f65a79d55b1ee2158f86f9eaf1a304');
INSERT INTO public.log_hashes VALUES (577, '\xa50ffbb037882966073cae2ba885845a0d328f12a3258d35ed24a70c887f6377');
INSERT INTO public.log_hashes VALUES (578, '\xa871dffe44c9aaf1ec51f5eef71dff0ee6e09ebb953784adf96cfe7f02fbab7e');
INSERT INTO public.log_hashes VALUES (579, '\x2abee28201f113937e4e1cc1dc9f004739a474b275363781282920e1e4546960');
INSERT INTO public.log_hashes VALUES (580, '\xedc1b89a29d6c484e581666ed0c91edeb4d371ed0e615142f3e9fde7c384be20');
INSERT INTO public.log_hashes VALUES (581, '\x27bb1be5cf2d82a062c536d009dbbc4a240c48c7554f366302b88cad7e8e421d');
INSERT INTO public.log_hashes VALUES (582, '\x66f3c1aa215d40fd6cb9b5233996c40e2558bcd52a393be1095271e5ae99aec8');
INSERT INTO public.log_hashes VALUES (583, '\xe7a1789c93c8952946540db03539fa9b3e384a6bdf979dbde6e65ecad66f60da');
INSERT INTO public.log_hashes VALUES (584, '\x92d5b7119ebd51db4bbc97c3de3ab2467e873a2fba64d972e9e752a15713b210');
INSERT INTO public.log_hashes VALUES (585, '\x92dd3de1fac2641f143489d7d050e38518d621205d4f408120638e5cbe46cb77');
INSERT INTO public.log_hashes VALUES (586, '\xaa7ea3542272ecf07fa7ef4b1b3a91c45a729b56b7a23646d368a58147f54dd6');
INSERT INTO public.log_hashes VALUES (587, '\xe4a043872f2a415a46dc09720597bedee8bd2aedded1be953ea0572cccc0c77a');
INSERT INTO public.log_hashes VALUES (588, '\x0c8f97e43a68cca8e5b3c42e83476dfa24c39645331fa04d107e153212506ffd');
INSERT INTO public.log_hashes VALUES (589, '\x71f9ae4e5bbf97c06a35b38e8caf30642a595caf4e7bd01f5b8cbb4dea12819f');
INSERT INTO public.log_hashes VALUES (590, '\xa7d425a695f93a5487fe13e1a4928f3345b0de159e8899f3c7b7e44a3aeec4e6');
INSERT INTO public.log_hashes VALUES (591, '\x3ada7dd5939b2a311b284752309cbd35249423eff9c59cce6a0cc8e500273704');
INSERT INTO public.log_hashes VALUES (592, '\x6447b52c42bff74159aa12b8b10b8177a6958f00c5e1f85455fbb6bda0da55b5');
INSERT INTO public.log_hashes VALUES (593, '\x8bf8ebb745cf5b17001e2b4a0309cc1141f424697e73f68ff45dedac5ab1f3bc');
INSERT INTO public.log_hashes VALUES (594, '\x1cbc77c710347265d46e8ebda0f6dbc3263d564d967cf7f1a0f6914c93e330f7');
INSERT INTO public.log_hashes VALUES (595, '\x5b946d96fff44d45ce0b871c503e840cb00c3d0823bea82c18610716a9bf1d49');


--
-- Data for Name: tasks; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tasks VALUES (1, 'task-0', 50, '2ee03f8a70917b8788a06c1246e96fe35941d001424fcd9bdb932d3353ffa8ec', '2026-11-25T11:46:18.915Z', '2026-11-25T11:46:19.531Z');
INSERT INTO public.tasks VALUES (2, 'task-1', 50, '74926d877de86225fc73bb061746042597c75ae2e3f52f9d518f81290e91a9bf', '2026-11-25T11:46:18.931Z', '2026-11-25T11:46:19.532Z');
INSERT INTO public.tasks VALUES (3, 'task-2', 50, '08ac8ef00ec782772ca8567c595c945e004b58ea8616188076175a4f68a490ab', '2026-11-25T11:46:18.932Z', '2026-11-25T11:46:19.534Z');
INSERT INTO public.tasks VALUES (4, 'task-3', 50, '9b6ca48e0b463537dea5c62cbe75d5c6d10381b364909d57a314603b578389a0', '2026-11-25T11:46:18.935Z', '2026-11-25T11:46:19.536Z');
INSERT INTO public.tasks VALUES (5, 'task-4', 50, '5e5745d38a2b3917457c42f4fbc61ec5e75c2646bc60a33a3ae2854f003e77ff', '2026-11-25T11:46:18.938Z', '2026-11-25T11:46:19.538Z');
INSERT INTO public.tasks VALUES (6, 'task-5', 50, '41b6ef58a3d47af77a75169d6ab41af13eaaa21d4b81425bfe8236d6feb02453', '2026-11-25T11:46:18.940Z', '2026-11-25T11:46:19.539Z');


--
-- Data for Name: thoughts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.thoughts VALUES (0, '01a21287-2ea3-7028-8172-4f430faf73e1', 'task-0', 0, 'plan', 'agent-0', '\x726f756e642030206f66207461736b2d303a207468652071756f6b6b61206e6f746520', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.915Z', '0000000000000000000000000000000000000000000000000000000000000000', 'e46008d7492fabe8664feb49338581d2c78830a61c10ac670388e9fb03e0bd90');
INSERT INTO public.thoughts VALUES (1, '01a21287-2eb3-7bcb-be54-831f0d7c1e1c', 'task-1', 0, 'analysis', 'agent-1', '\x726f756e642030206f66207461736b2d313a20746865206c6564676572206e6f74652078', '{"confidence":0.5,"n":0,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:18.931Z', '0000000000000000000000000000000000000000000000000000000000000000', 'bc151294d1a416f112b840f24e32b471c7a23c5b3a43a8c1a787a87bf957b592');
INSERT INTO public.thoughts VALUES (2, '01a21287-2eb4-76d3-bd7d-b18610076d83', 'task-2', 0, 'decision', 'agent-2', '\x726f756e642030206f66207461736b2d323a20746865206d65726b6c65206e6f7465207878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:18.932Z', '0000000000000000000000000000000000000000000000000000000000000000', '4be9591342aff04dec95ea2060b0c4596d04c312609741c39662a83b1a3a6fa8');
INSERT INTO public.thoughts VALUES (3, '01a21287-2eb7-7591-a773-8bcd06824e65', 'task-3', 0, 'reflection', 'agent-0', '\x726f756e642030206f66207461736b2d333a20746865206b616e6761726f6f206e6f746520787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:18.935Z', '0000000000000000000000000000000000000000000000000000000000000000', '314f73acfaa0a3a0d63e177a153bd54a338c7691e5dfe28fa0a5ff1ca925a590');
INSERT INTO public.thoughts VALUES (4, '01a21287-2eba-7998-800a-352772bc54a2', 'task-4', 0, 'plan', 'agent-1', '\x726f756e642030206f66207461736b2d343a2074686520746561706f74206e6f74652078787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.938Z', '0000000000000000000000000000000000000000000000000000000000000000', 'd8a689a1897067a315dc28ca029f4f23801e8aef1d8f31f16148559b4a9dd4b6');
INSERT INTO public.thoughts VALUES (5, '01a21287-2ebc-7fba-bb91-45db89d91d1f', 'task-5', 0, 'analysis', 'agent-2', '\x726f756e642030206f66207461736b2d353a2074686520636f6d70617373206e6f7465207878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.940Z', '0000000000000000000000000000000000000000000000000000000000000000', '94a320fab3ff8e93781f08cb14a3428150ddcde7f89ef4c1504283010acd3033');
INSERT INTO public.thoughts VALUES (6, '01a21287-2ebe-755b-bdc4-50c32043bd28', 'task-0', 1, 'analysis', 'agent-0', '\x726f756e642031206f66207461736b2d303a20746865206c6564676572206e6f746520787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.942Z', 'e46008d7492fabe8664feb49338581d2c78830a61c10ac670388e9fb03e0bd90', 'b1ebd6b75406b28cc7184b811fa119d50e8c4864fe998bbeecda9a3e88bd5b58');
INSERT INTO public.thoughts VALUES (7, '01a21287-2ec0-790d-9d38-ee0724257d1e', 'task-1', 1, 'decision', 'agent-1', '\x726f756e642031206f66207461736b2d313a20746865206d65726b6c65206e6f74652078787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.944Z', 'bc151294d1a416f112b840f24e32b471c7a23c5b3a43a8c1a787a87bf957b592', '00d395ea57882d498e26be1cfb8d2731e5cbf69928dc54b0d6be24aa93c8cb4c');
INSERT INTO public.thoughts VALUES (8, '01a21287-2ec2-7de1-b073-85ab8cae918d', 'task-2', 1, 'reflection', 'agent-2', '\x726f756e642031206f66207461736b2d323a20746865206b616e6761726f6f206e6f7465207878787878787878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:18.946Z', '4be9591342aff04dec95ea2060b0c4596d04c312609741c39662a83b1a3a6fa8', 'c34d92e3f51fe4e9f39ff35039cb5af897b5aa39aa30497d955281e04864f836');
INSERT INTO public.thoughts VALUES (9, '01a21287-2ec3-75be-9808-fe0190127ba9', 'task-3', 1, 'plan', 'agent-0', '\x726f756e642031206f66207461736b2d333a2074686520746561706f74206e6f746520787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.947Z', '314f73acfaa0a3a0d63e177a153bd54a338c7691e5dfe28fa0a5ff1ca925a590', 'a247c4a675973b5a21a214f0b0872b093bb8e0c6ca9767c652ac7867d6856082');
INSERT INTO public.thoughts VALUES (10, '01a21287-2ec4-7add-b841-030c162b5fc9', 'task-4', 1, 'analysis', 'agent-1', '\x726f756e642031206f66207461736b2d343a2074686520636f6d70617373206e6f74652078787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:18.948Z', 'd8a689a1897067a315dc28ca029f4f23801e8aef1d8f31f16148559b4a9dd4b6', '610213d3b9a39fd60f0af4068b90ab42203ff90a3af2fa06e98e3e62cedf6568');
INSERT INTO public.thoughts VALUES (11, '01a21287-2ec7-7406-9a02-41df71536f66', 'task-5', 1, 'decision', 'agent-2', '\x726f756e642031206f66207461736b2d353a207468652071756f6b6b61206e6f7465207878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.951Z', '94a320fab3ff8e93781f08cb14a3428150ddcde7f89ef4c1504283010acd3033', 'bc768cf5940e717e34beff4bf16ca54642bf8b4222012aa9c52a225d5e58ed2e');
INSERT INTO public.thoughts VALUES (12, '01a21287-2eca-71de-b08e-88fa7fb53ba7', 'task-0', 2, 'decision', 'agent-0', '\x726f756e642032206f66207461736b2d303a20746865206d65726b6c65206e6f746520787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.954Z', 'b1ebd6b75406b28cc7184b811fa119d50e8c4864fe998bbeecda9a3e88bd5b58', '4967380c997eccebdc3f3985e02a374617a0b869867eb74a3403777433276427');
INSERT INTO public.thoughts VALUES (13, '01a21287-2ecb-7467-a368-63a7cb307373', 'task-1', 2, 'reflection', 'agent-1', '\x726f756e642032206f66207461736b2d313a20746865206b616e6761726f6f206e6f74652078787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.955Z', '00d395ea57882d498e26be1cfb8d2731e5cbf69928dc54b0d6be24aa93c8cb4c', '58934d466c2c1f650bb487ec483606002faca52911f5b556a1db1208b0d9e7ad');
INSERT INTO public.thoughts VALUES (14, '01a21287-2ecc-7813-a6e3-725967311580', 'task-2', 2, 'plan', 'agent-2', '\x726f756e642032206f66207461736b2d323a2074686520746561706f74206e6f7465207878787878787878787878787878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:18.956Z', 'c34d92e3f51fe4e9f39ff35039cb5af897b5aa39aa30497d955281e04864f836', '104d650f04e91efdd77c35eeb723ccd06419abb2a74d9fdee27e57f1b1d46c62');
INSERT INTO public.thoughts VALUES (15, '01a21287-2ed1-7da2-a66e-27860838be46', 'task-3', 2, 'analysis', 'agent-0', '\x726f756e642032206f66207461736b2d333a2074686520636f6d70617373206e6f746520787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:18.961Z', 'a247c4a675973b5a21a214f0b0872b093bb8e0c6ca9767c652ac7867d6856082', 'b3378025b99abe98bdb14061fd2dceabf804778b7f151e3d97f19d9d1c3cc786');
INSERT INTO public.thoughts VALUES (16, '01a21287-2eda-7aa2-b140-3c36524355e3', 'task-4', 2, 'decision', 'agent-1', '\x726f756e642032206f66207461736b2d343a207468652071756f6b6b61206e6f74652078787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:18.970Z', '610213d3b9a39fd60f0af4068b90ab42203ff90a3af2fa06e98e3e62cedf6568', '54b72f38a4c5acf7f979af16cc075838f7864e1e5314e41157aff4a3e47c3b32');
INSERT INTO public.thoughts VALUES (17, '01a21287-2edf-7cde-965b-111ecf95645d', 'task-5', 2, 'reflection', 'agent-2', '\x726f756e642032206f66207461736b2d353a20746865206c6564676572206e6f7465207878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.975Z', 'bc768cf5940e717e34beff4bf16ca54642bf8b4222012aa9c52a225d5e58ed2e', '194e70c021bac3adaf5159849980f5a3658684e0dbe221a688991c4e4786a99b');
INSERT INTO public.thoughts VALUES (18, '01a21287-2ee0-7de1-b470-672b0dfc9645', 'task-0', 3, 'reflection', 'agent-0', '\x726f756e642033206f66207461736b2d303a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.976Z', '4967380c997eccebdc3f3985e02a374617a0b869867eb74a3403777433276427', '18a801de6c4947cfe3f676f3c0c4c17cf1670c13234b24e91950be666b6a1f52');
INSERT INTO public.thoughts VALUES (19, '01a21287-2ee4-76ab-89f7-53da9c62d069', 'task-1', 3, 'plan', 'agent-1', '\x726f756e642033206f66207461736b2d313a2074686520746561706f74206e6f74652078787878787878787878787878787878787878', '{"confidence":0.5,"n":3,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:18.980Z', '58934d466c2c1f650bb487ec483606002faca52911f5b556a1db1208b0d9e7ad', 'a17d7ccc4b72d1d3d9d33e24c9f068d5c6ed5dfcb3d8f911491db69a140fda8d');
INSERT INTO public.thoughts VALUES (20, '01a21287-2ee5-78e8-b571-88d73db72a82', 'task-2', 3, 'analysis', 'agent-2', '\x726f756e642033206f66207461736b2d323a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:18.981Z', '104d650f04e91efdd77c35eeb723ccd06419abb2a74d9fdee27e57f1b1d46c62', '737ad6b074c9fa467d4cc93503751faea9ab5d2ff5f59c6743ab53106ae2e99c');
INSERT INTO public.thoughts VALUES (21, '01a21287-2ee7-7ecc-b12e-06092287f868', 'task-3', 3, 'decision', 'agent-0', '\x726f756e642033206f66207461736b2d333a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.983Z', 'b3378025b99abe98bdb14061fd2dceabf804778b7f151e3d97f19d9d1c3cc786', '17b123db49132d986690b21368547548d295b7eaa21bcc69c8c514575d0922d5');
INSERT INTO public.thoughts VALUES (22, '01a21287-2ee8-7c4e-8e44-6bef2de01a79', 'task-4', 3, 'reflection', 'agent-1', '\x726f756e642033206f66207461736b2d343a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:18.984Z', '54b72f38a4c5acf7f979af16cc075838f7864e1e5314e41157aff4a3e47c3b32', '8cca272c72fb5f51d89f971a4529d0d8ff10ef7d0c368733055d58f04480e274');
INSERT INTO public.thoughts VALUES (23, '01a21287-2eea-7085-808d-67f508c7debf', 'task-5', 3, 'plan', 'agent-2', '\x726f756e642033206f66207461736b2d353a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.986Z', '194e70c021bac3adaf5159849980f5a3658684e0dbe221a688991c4e4786a99b', '1e527d1f129f26be6555423dda2df9e52e9021e3c1a33919c321eb764453c255');
INSERT INTO public.thoughts VALUES (24, '01a21287-2eeb-7896-9f19-e4b933d1cb8c', 'task-0', 4, 'plan', 'agent-0', '\x726f756e642034206f66207461736b2d303a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.987Z', '18a801de6c4947cfe3f676f3c0c4c17cf1670c13234b24e91950be666b6a1f52', '8f1d6de71c95f0a502b046b1888ff3755a5849b019e7adeac3e99a8cc3889407');
INSERT INTO public.thoughts VALUES (25, '01a21287-2eed-718e-837c-e82c451b7929', 'task-1', 4, 'analysis', 'agent-1', '\x726f756e642034206f66207461736b2d313a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.989Z', 'a17d7ccc4b72d1d3d9d33e24c9f068d5c6ed5dfcb3d8f911491db69a140fda8d', 'ef1fec8f88d60a909bbc2bf8b0d96f1568e53624d5d263344068e42fd1156a7c');
INSERT INTO public.thoughts VALUES (26, '01a21287-2eee-712e-b0b2-ac64e45bb27c', 'task-2', 4, 'decision', 'agent-2', '\x726f756e642034206f66207461736b2d323a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:18.990Z', '737ad6b074c9fa467d4cc93503751faea9ab5d2ff5f59c6743ab53106ae2e99c', '06513514c795aa98ed9fd3569c696e7c4bfc3b8f178485083d8213498b2f57b6');
INSERT INTO public.thoughts VALUES (27, '01a21287-2ef0-7e15-b4aa-5d06b5976556', 'task-3', 4, 'reflection', 'agent-0', '\x726f756e642034206f66207461736b2d333a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:18.992Z', '17b123db49132d986690b21368547548d295b7eaa21bcc69c8c514575d0922d5', '76afc598f074d7a53be2b8ae5d13038bb74cbc57d5829d86ab38c9f172cc4b15');
INSERT INTO public.thoughts VALUES (28, '01a21287-2ef1-7900-acf1-2509652f9a29', 'task-4', 4, 'plan', 'agent-1', '\x726f756e642034206f66207461736b2d343a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:18.993Z', '8cca272c72fb5f51d89f971a4529d0d8ff10ef7d0c368733055d58f04480e274', '612f5aab159f3d43e6c0921297cbfd185fa5983173cb2fbda64f9ebd5a6439bf');
INSERT INTO public.thoughts VALUES (29, '01a21287-2ef3-7260-9e4a-8a1369f05f57', 'task-5', 4, 'analysis', 'agent-2', '\x726f756e642034206f66207461736b2d353a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.995Z', '1e527d1f129f26be6555423dda2df9e52e9021e3c1a33919c321eb764453c255', '9e9125b7552eb66538b8917cc8822eed59873d15b1c832e7bd9ac4865847fd28');
INSERT INTO public.thoughts VALUES (30, '01a21287-2ef4-74b7-aaef-5e46fe21ce08', 'task-0', 5, 'analysis', 'agent-0', '\x726f756e642035206f66207461736b2d303a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.996Z', '8f1d6de71c95f0a502b046b1888ff3755a5849b019e7adeac3e99a8cc3889407', 'c1b4c294e95152497f0ea58965eeb8ac4f6bfe7e31a920ce16f5c6150d93e429');
INSERT INTO public.thoughts VALUES (31, '01a21287-2ef6-76ce-93cf-26060d62aa97', 'task-1', 5, 'decision', 'agent-1', '\x726f756e642035206f66207461736b2d313a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:18.998Z', 'ef1fec8f88d60a909bbc2bf8b0d96f1568e53624d5d263344068e42fd1156a7c', '35e5a4c527426ca9d672819b88a9a5726d7d31b5657f1ee98d51b087c917f3b3');
INSERT INTO public.thoughts VALUES (32, '01a21287-2ef7-7e69-8cff-890af6addada', 'task-2', 5, 'reflection', 'agent-2', '\x726f756e642035206f66207461736b2d323a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:18.999Z', '06513514c795aa98ed9fd3569c696e7c4bfc3b8f178485083d8213498b2f57b6', 'cf28ff329808f81d36ad933d9c163725b609c67f1db1b3b8f2891494917da93c');
INSERT INTO public.thoughts VALUES (33, '01a21287-2ef8-70c9-8331-56466263a4a5', 'task-3', 5, 'plan', 'agent-0', '\x726f756e642035206f66207461736b2d333a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.000Z', '76afc598f074d7a53be2b8ae5d13038bb74cbc57d5829d86ab38c9f172cc4b15', 'a0e236c62834129804c99cddcba1c26b7f7b6fa32093706b3668180c3b018a59');
INSERT INTO public.thoughts VALUES (34, '01a21287-2efa-784d-8e02-075c839903f7', 'task-4', 5, 'analysis', 'agent-1', '\x726f756e642035206f66207461736b2d343a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.002Z', '612f5aab159f3d43e6c0921297cbfd185fa5983173cb2fbda64f9ebd5a6439bf', '88cc22792b99b5d0594f6301a4409c53a3738f3347259f6f939b34e0cec432c9');
INSERT INTO public.thoughts VALUES (35, '01a21287-2efc-7112-a979-79de03b645ca', 'task-5', 5, 'decision', 'agent-2', '\x726f756e642035206f66207461736b2d353a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.004Z', '9e9125b7552eb66538b8917cc8822eed59873d15b1c832e7bd9ac4865847fd28', '15e8505e002958a54b1b9e33608b15b435a22ab6229400fb017e063455ac0213');
INSERT INTO public.thoughts VALUES (36, '01a21287-2f00-7990-865d-9a8ed51592d2', 'task-0', 6, 'decision', 'agent-0', '\x726f756e642036206f66207461736b2d303a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.008Z', 'c1b4c294e95152497f0ea58965eeb8ac4f6bfe7e31a920ce16f5c6150d93e429', 'ff6f372627e60cbd2a7bd6aa1c8648ebc51cada543ee452aa8bf2eda361d0783');
INSERT INTO public.thoughts VALUES (37, '01a21287-2f01-77b3-9485-f433b5443371', 'task-1', 6, 'reflection', 'agent-1', '\x726f756e642036206f66207461736b2d313a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":6,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.009Z', '35e5a4c527426ca9d672819b88a9a5726d7d31b5657f1ee98d51b087c917f3b3', 'ee7398f3468dd3dfadc597e1d1cad3622b97cd7083dec03c9aeb1fb7138b5238');
INSERT INTO public.thoughts VALUES (38, '01a21287-2f03-7bb7-a2cf-374a3a131be2', 'task-2', 6, 'plan', 'agent-2', '\x726f756e642036206f66207461736b2d323a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:19.011Z', 'cf28ff329808f81d36ad933d9c163725b609c67f1db1b3b8f2891494917da93c', 'dcf1250ba07e7b63655055c97a46abd649b72131afbb073e643ef0d7283f83e8');
INSERT INTO public.thoughts VALUES (39, '01a21287-2f04-7503-afc3-8a1524757c16', 'task-3', 6, 'analysis', 'agent-0', '\x726f756e642036206f66207461736b2d333a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.012Z', 'a0e236c62834129804c99cddcba1c26b7f7b6fa32093706b3668180c3b018a59', 'c2d90e1d5fab9633f631c332eca6a4ef4526443802c5a9db84096232c4a10b4a');
INSERT INTO public.thoughts VALUES (40, '01a21287-2f05-715a-b0f3-551a7fc03728', 'task-4', 6, 'decision', 'agent-1', '\x726f756e642036206f66207461736b2d343a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.013Z', '88cc22792b99b5d0594f6301a4409c53a3738f3347259f6f939b34e0cec432c9', '928726d4d7ebb7e29f0859f7aaf29db0fb98c2b1ef53843878a6f2376ac16dca');
INSERT INTO public.thoughts VALUES (41, '01a21287-2f07-7965-a923-a47ab86a6a49', 'task-5', 6, 'reflection', 'agent-2', '\x726f756e642036206f66207461736b2d353a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.015Z', '15e8505e002958a54b1b9e33608b15b435a22ab6229400fb017e063455ac0213', '106264c26ecc8a3f107bf15662d923cbd42335245b45bb1a210ab06f13c92c7e');
INSERT INTO public.thoughts VALUES (42, '01a21287-2f09-7274-852e-dadac95ec537', 'task-0', 7, 'reflection', 'agent-0', '\x726f756e642037206f66207461736b2d303a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.017Z', 'ff6f372627e60cbd2a7bd6aa1c8648ebc51cada543ee452aa8bf2eda361d0783', 'cb111dcd4cf03bfdbaa2923f63094520e7e636c43e816dd2a1b9d59c901efd29');
INSERT INTO public.thoughts VALUES (43, '01a21287-2f0a-7838-9913-2eb30f44f4db', 'task-1', 7, 'plan', 'agent-1', '\x726f756e642037206f66207461736b2d313a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.018Z', 'ee7398f3468dd3dfadc597e1d1cad3622b97cd7083dec03c9aeb1fb7138b5238', '8464190b01b793da2568aa98ca17fb8d74436369331589bc9794272449860270');
INSERT INTO public.thoughts VALUES (44, '01a21287-2f0c-7253-8794-8cc50b23a831', 'task-2', 7, 'analysis', 'agent-2', '\x726f756e642037206f66207461736b2d323a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:19.020Z', 'dcf1250ba07e7b63655055c97a46abd649b72131afbb073e643ef0d7283f83e8', 'b92464be0ef38aa20892edb145f8fcc439ff2e8bd041c6f759ac5e646ff130fe');
INSERT INTO public.thoughts VALUES (45, '01a21287-2f0d-745e-bc6c-621c5eabdbb6', 'task-3', 7, 'decision', 'agent-0', '\x726f756e642037206f66207461736b2d333a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.021Z', 'c2d90e1d5fab9633f631c332eca6a4ef4526443802c5a9db84096232c4a10b4a', '3c8a2c2a29e7b07d1a0489d14a39471538c9cc5f01a17d1a1cf59ed0777eb187');
INSERT INTO public.thoughts VALUES (46, '01a21287-2f0e-7386-bf29-58495edd3177', 'task-4', 7, 'reflection', 'agent-1', '\x726f756e642037206f66207461736b2d343a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.022Z', '928726d4d7ebb7e29f0859f7aaf29db0fb98c2b1ef53843878a6f2376ac16dca', '17e63a48ea1d2e061aee80607dad0ee339ac0757aec86332599a2b84bb8c1e0d');
INSERT INTO public.thoughts VALUES (47, '01a21287-2f10-7372-a1cb-10b7f5ce111e', 'task-5', 7, 'plan', 'agent-2', '\x726f756e642037206f66207461736b2d353a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.024Z', '106264c26ecc8a3f107bf15662d923cbd42335245b45bb1a210ab06f13c92c7e', '07edc9e6f31dea6f3766e4448bd053f22f04279b709d1d5867b5453a6726df17');
INSERT INTO public.thoughts VALUES (48, '01a21287-2f11-7261-a54c-d32a07fe1c45', 'task-0', 8, 'plan', 'agent-0', '\x726f756e642038206f66207461736b2d303a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.025Z', 'cb111dcd4cf03bfdbaa2923f63094520e7e636c43e816dd2a1b9d59c901efd29', 'e1a5626a77cb781aed4268a3459f98b2c386a5795d72f3870c54505c131c3294');
INSERT INTO public.thoughts VALUES (49, '01a21287-2f13-755d-83bf-cf6680f1aec5', 'task-1', 8, 'analysis', 'agent-1', '\x726f756e642038206f66207461736b2d313a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.027Z', '8464190b01b793da2568aa98ca17fb8d74436369331589bc9794272449860270', 'd720f512f6f8b23eac187d8eaf0c04efc84453bb2683e4b74fc96772dfef6177');
INSERT INTO public.thoughts VALUES (50, '01a21287-2f14-7158-946e-5b60b79f57a1', 'task-2', 8, 'decision', 'agent-2', '\x726f756e642038206f66207461736b2d323a2074686520746561706f74206e6f746520', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:19.028Z', 'b92464be0ef38aa20892edb145f8fcc439ff2e8bd041c6f759ac5e646ff130fe', '958388a06c02ef1d9a7f2a9fb9175755d9af54986484a564665c03a11ed39bf3');
INSERT INTO public.thoughts VALUES (51, '01a21287-2f16-76b2-b6d6-da799b6808db', 'task-3', 8, 'reflection', 'agent-0', '\x726f756e642038206f66207461736b2d333a2074686520636f6d70617373206e6f74652078', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.030Z', '3c8a2c2a29e7b07d1a0489d14a39471538c9cc5f01a17d1a1cf59ed0777eb187', '2bc1facd0c0408e5ed490c093bebf7ab471d33d220c486a18c98e8c4662ba45f');
INSERT INTO public.thoughts VALUES (52, '01a21287-2f1c-7411-b996-d7c5f54b4822', 'task-4', 8, 'plan', 'agent-1', '\x726f756e642038206f66207461736b2d343a207468652071756f6b6b61206e6f7465207878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.036Z', '17e63a48ea1d2e061aee80607dad0ee339ac0757aec86332599a2b84bb8c1e0d', '41f565135746bf6594e2f0dd6aa9982557a272d296793a2be09d319534d43c5d');
INSERT INTO public.thoughts VALUES (53, '01a21287-2f1e-773d-989c-aa039895b859', 'task-5', 8, 'analysis', 'agent-2', '\x726f756e642038206f66207461736b2d353a20746865206c6564676572206e6f746520787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.038Z', '07edc9e6f31dea6f3766e4448bd053f22f04279b709d1d5867b5453a6726df17', 'f3507f8a02231de8f186ca2633bfc01e853d218962a49d11947d2b95de9e3dd9');
INSERT INTO public.thoughts VALUES (54, '01a21287-2f1f-7862-af4c-82241ac0de60', 'task-0', 9, 'analysis', 'agent-0', '\x726f756e642039206f66207461736b2d303a20746865206b616e6761726f6f206e6f74652078787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.039Z', 'e1a5626a77cb781aed4268a3459f98b2c386a5795d72f3870c54505c131c3294', '63c72b20fbd52ef368d3e8953c82001969cfabf5508750caab7ec015e02baeab');
INSERT INTO public.thoughts VALUES (55, '01a21287-2f20-765c-a6ab-e29986fed70e', 'task-1', 9, 'decision', 'agent-1', '\x726f756e642039206f66207461736b2d313a2074686520746561706f74206e6f7465207878787878', '{"confidence":0.5,"n":9,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.040Z', 'd720f512f6f8b23eac187d8eaf0c04efc84453bb2683e4b74fc96772dfef6177', '0f086f85d14f84793171b9841e25e2741f07404e3bd7dd089a0cb482de7e0a13');
INSERT INTO public.thoughts VALUES (56, '01a21287-2f22-721d-ae9a-a505e63b19c3', 'task-2', 9, 'reflection', 'agent-2', '\x726f756e642039206f66207461736b2d323a2074686520636f6d70617373206e6f746520787878787878', NULL, NULL, 'session-0', NULL, '2026-11-25T11:46:19.042Z', '958388a06c02ef1d9a7f2a9fb9175755d9af54986484a564665c03a11ed39bf3', 'a99a6f775a5da429709ee8f18851c3cf1bcaf564308866f463867bc35f3eeebe');
INSERT INTO public.thoughts VALUES (57, '01a21287-2f24-7d0c-944c-c153dcf93a1b', 'task-3', 9, 'plan', 'agent-0', '\x726f756e642039206f66207461736b2d333a207468652071756f6b6b61206e6f74652078787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.044Z', '2bc1facd0c0408e5ed490c093bebf7ab471d33d220c486a18c98e8c4662ba45f', '1a12c457c0d5427d8ef541826cb08560eb6bdaf49ece9adc2e6e831cfa3a3a6c');
INSERT INTO public.thoughts VALUES (58, '01a21287-2f25-7ae3-ba7f-e36472d97525', 'task-4', 9, 'analysis', 'agent-1', '\x726f756e642039206f66207461736b2d343a20746865206c6564676572206e6f7465207878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.045Z', '41f565135746bf6594e2f0dd6aa9982557a272d296793a2be09d319534d43c5d', '6270145c595712a6863644fef3527e45d269b8aed2fd396c559ec229578301cc');
INSERT INTO public.thoughts VALUES (59, '01a21287-2f27-7dea-ab81-262d77193411', 'task-5', 9, 'decision', 'agent-2', '\x726f756e642039206f66207461736b2d353a20746865206d65726b6c65206e6f746520787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.047Z', 'f3507f8a02231de8f186ca2633bfc01e853d218962a49d11947d2b95de9e3dd9', 'd8354a02b136381a6fef7522703a5cb7b0a74d341feb26100a3e24e365d8f2da');
INSERT INTO public.thoughts VALUES (60, '01a21287-2f28-7644-b3de-813617ddcf47', 'task-0', 10, 'decision', 'agent-0', '\x726f756e64203130206f66207461736b2d303a2074686520746561706f74206e6f74652078787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.048Z', '63c72b20fbd52ef368d3e8953c82001969cfabf5508750caab7ec015e02baeab', '3a4643cf103cdf803845085dfc824e4045216d1a0e151b7a99d81fee50c6b33b');
INSERT INTO public.thoughts VALUES (61, '01a21287-2f2a-7368-902b-337b6e4ef44a', 'task-1', 10, 'reflection', 'agent-1', '\x726f756e64203130206f66207461736b2d313a2074686520636f6d70617373206e6f7465207878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.050Z', '0f086f85d14f84793171b9841e25e2741f07404e3bd7dd089a0cb482de7e0a13', '57188e06752d4d5295b3b42c3abadc6be31fd925ffa9efbb824b4cad955c1009');
INSERT INTO public.thoughts VALUES (62, '01a21287-2f2b-743f-93c4-4c5ef6a0948a', 'task-2', 10, 'plan', 'agent-2', '\x726f756e64203130206f66207461736b2d323a207468652071756f6b6b61206e6f746520787878787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.051Z', 'a99a6f775a5da429709ee8f18851c3cf1bcaf564308866f463867bc35f3eeebe', '34d54a1a9fc7069ea2162a38587a8f7fe972458c5bbb688a104bb378d4f39ec7');
INSERT INTO public.thoughts VALUES (63, '01a21287-2f2d-7e24-8e16-e10b5c052d2e', 'task-3', 10, 'analysis', 'agent-0', '\x726f756e64203130206f66207461736b2d333a20746865206c6564676572206e6f74652078787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.053Z', '1a12c457c0d5427d8ef541826cb08560eb6bdaf49ece9adc2e6e831cfa3a3a6c', '5c01fdd3922558fe082188a9a64f33a50c306de44771aa414539f530701a303d');
INSERT INTO public.thoughts VALUES (64, '01a21287-2f2e-7be6-a145-011135a34629', 'task-4', 10, 'decision', 'agent-1', '\x726f756e64203130206f66207461736b2d343a20746865206d65726b6c65206e6f7465207878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.054Z', '6270145c595712a6863644fef3527e45d269b8aed2fd396c559ec229578301cc', 'db5e29c2a1c4680a1df85486829db1c1527981809d73c54c09ae6a00b8293114');
INSERT INTO public.thoughts VALUES (65, '01a21287-2f37-773f-ab5b-9fb024641885', 'task-5', 10, 'reflection', 'agent-2', '\x726f756e64203130206f66207461736b2d353a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.063Z', 'd8354a02b136381a6fef7522703a5cb7b0a74d341feb26100a3e24e365d8f2da', 'e0bcdb38278c0e4571785473748f7fed8a9362472a1cdb77550ec528b4504037');
INSERT INTO public.thoughts VALUES (66, '01a21287-2f3e-7593-b10b-577d847fc6dd', 'task-0', 11, 'reflection', 'agent-0', '\x726f756e64203131206f66207461736b2d303a2074686520636f6d70617373206e6f74652078787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.070Z', '3a4643cf103cdf803845085dfc824e4045216d1a0e151b7a99d81fee50c6b33b', 'eea18504771125bb0134a27a2d424b1825cc0fa532dcf79719683fe2bab0bc01');
INSERT INTO public.thoughts VALUES (67, '01a21287-2f41-765c-8bfb-fe21cdc0ddc9', 'task-1', 11, 'plan', 'agent-1', '\x726f756e64203131206f66207461736b2d313a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.073Z', '57188e06752d4d5295b3b42c3abadc6be31fd925ffa9efbb824b4cad955c1009', 'd3ba5ceb7ddc0470c968ba336178e1aee78676391b2b357487932216d2164bd1');
INSERT INTO public.thoughts VALUES (68, '01a21287-2f42-70ea-845f-2b3086630d42', 'task-2', 11, 'analysis', 'agent-2', '\x726f756e64203131206f66207461736b2d323a20746865206c6564676572206e6f746520787878787878787878787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.074Z', '34d54a1a9fc7069ea2162a38587a8f7fe972458c5bbb688a104bb378d4f39ec7', '6c223d5e59090bfa9ede39886d70309ad0baf7a360b9bc8859737bd4bbef5f7a');
INSERT INTO public.thoughts VALUES (69, '01a21287-2f43-799c-a78e-6b3b98cd7f47', 'task-3', 11, 'decision', 'agent-0', '\x726f756e64203131206f66207461736b2d333a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.075Z', '5c01fdd3922558fe082188a9a64f33a50c306de44771aa414539f530701a303d', 'b8b73e9f1a39d848354b134b32a51a75cd53bb8406a5e15d0aed4f0efb66eead');
INSERT INTO public.thoughts VALUES (70, '01a21287-2f45-7104-b78a-0e1693fa714b', 'task-4', 11, 'reflection', 'agent-1', '\x726f756e64203131206f66207461736b2d343a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.077Z', 'db5e29c2a1c4680a1df85486829db1c1527981809d73c54c09ae6a00b8293114', '3e6b1d69eaa7d24c2c8caaeeb2d12ea4b45791ff4cb06cc8e6452b550d392eeb');
INSERT INTO public.thoughts VALUES (71, '01a21287-2f46-7b79-81f8-1ee51a29a3a9', 'task-5', 11, 'plan', 'agent-2', '\x726f756e64203131206f66207461736b2d353a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.078Z', 'e0bcdb38278c0e4571785473748f7fed8a9362472a1cdb77550ec528b4504037', 'a07fde40f12e0ddd7247ef87e825ea8721cb438a7ab49fd7ff93c340a7159b66');
INSERT INTO public.thoughts VALUES (72, '01a21287-2f47-7ed2-8711-e4d9dd88a611', 'task-0', 12, 'plan', 'agent-0', '\x726f756e64203132206f66207461736b2d303a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.079Z', 'eea18504771125bb0134a27a2d424b1825cc0fa532dcf79719683fe2bab0bc01', 'd983e3ffd4e9a41d38806d599e1e3a69eafb6cffc7d3edecc0f1464eb96cea0b');
INSERT INTO public.thoughts VALUES (73, '01a21287-2f49-7c71-be81-b785489e9752', 'task-1', 12, 'analysis', 'agent-1', '\x726f756e64203132206f66207461736b2d313a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":12,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.081Z', 'd3ba5ceb7ddc0470c968ba336178e1aee78676391b2b357487932216d2164bd1', '3894f4d0cc53a9ca6d06c88bfdeb7b6c193b27663e8156f2ebad49774542c177');
INSERT INTO public.thoughts VALUES (74, '01a21287-2f4a-7570-9e1d-2f9ae2d3cbd5', 'task-2', 12, 'decision', 'agent-2', '\x726f756e64203132206f66207461736b2d323a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.082Z', '6c223d5e59090bfa9ede39886d70309ad0baf7a360b9bc8859737bd4bbef5f7a', 'ce67974857c00509c80882b4d5e9fb844c87133a09946b0d46db5e0530bd193b');
INSERT INTO public.thoughts VALUES (75, '01a21287-2f4b-794f-b4f2-2414dada5600', 'task-3', 12, 'reflection', 'agent-0', '\x726f756e64203132206f66207461736b2d333a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.083Z', 'b8b73e9f1a39d848354b134b32a51a75cd53bb8406a5e15d0aed4f0efb66eead', '2647a8243da4132e3c6570e188d7f1fcc4f5abbf6a551c78215f1a75bcd1a4fd');
INSERT INTO public.thoughts VALUES (76, '01a21287-2f4c-7148-ae82-e99a8d28bf97', 'task-4', 12, 'plan', 'agent-1', '\x726f756e64203132206f66207461736b2d343a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.084Z', '3e6b1d69eaa7d24c2c8caaeeb2d12ea4b45791ff4cb06cc8e6452b550d392eeb', '0a35bf7028a37e574c56ef2c0fe55064baa99170f24446f62afa962a2f094b82');
INSERT INTO public.thoughts VALUES (77, '01a21287-2f4e-772f-8e15-d5da3e0b1185', 'task-5', 12, 'analysis', 'agent-2', '\x726f756e64203132206f66207461736b2d353a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.086Z', 'a07fde40f12e0ddd7247ef87e825ea8721cb438a7ab49fd7ff93c340a7159b66', '1a68d7d7ddd2d0f2a88604fb8126c7973246c772d65e9f4a129c96a82c9aeed1');
INSERT INTO public.thoughts VALUES (78, '01a21287-2f4f-7a81-874e-b8d9190232b3', 'task-0', 13, 'analysis', 'agent-0', '\x726f756e64203133206f66207461736b2d303a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.087Z', 'd983e3ffd4e9a41d38806d599e1e3a69eafb6cffc7d3edecc0f1464eb96cea0b', '464bb6fa74f7b974ea03cca3a24e477ff0e59a3ad429c962658941dde4956171');
INSERT INTO public.thoughts VALUES (79, '01a21287-2f51-71eb-a7cd-239d6303bc17', 'task-1', 13, 'decision', 'agent-1', '\x726f756e64203133206f66207461736b2d313a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.089Z', '3894f4d0cc53a9ca6d06c88bfdeb7b6c193b27663e8156f2ebad49774542c177', 'eff858ef08318d978b79e1d099a8fe5c228e43880b922b4964f1da2094545755');
INSERT INTO public.thoughts VALUES (80, '01a21287-2f52-738c-909b-1e50fb0d4a22', 'task-2', 13, 'reflection', 'agent-2', '\x726f756e64203133206f66207461736b2d323a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.090Z', 'ce67974857c00509c80882b4d5e9fb844c87133a09946b0d46db5e0530bd193b', 'b3da362b87b84cddf3997527eb4db9ca0375b7c0d6e246306b14898bad957660');
INSERT INTO public.thoughts VALUES (81, '01a21287-2f53-75c1-9fda-a25d8ad96add', 'task-3', 13, 'plan', 'agent-0', '\x726f756e64203133206f66207461736b2d333a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.091Z', '2647a8243da4132e3c6570e188d7f1fcc4f5abbf6a551c78215f1a75bcd1a4fd', 'c137e26dc9ab18a6eea1394239a70c34e19ab24314b370b2a6a94ee49059d2e2');
INSERT INTO public.thoughts VALUES (82, '01a21287-2f55-7371-b093-6f9116dc19d9', 'task-4', 13, 'analysis', 'agent-1', '\x726f756e64203133206f66207461736b2d343a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.093Z', '0a35bf7028a37e574c56ef2c0fe55064baa99170f24446f62afa962a2f094b82', '4b83c09bcd82b35be3148de272ebb8530e36b8f66b44a8dc6e78eb4c6fab4467');
INSERT INTO public.thoughts VALUES (83, '01a21287-2f57-7505-8049-1cfc8d992bf2', 'task-5', 13, 'decision', 'agent-2', '\x726f756e64203133206f66207461736b2d353a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.095Z', '1a68d7d7ddd2d0f2a88604fb8126c7973246c772d65e9f4a129c96a82c9aeed1', '9cfa3de93ce513d237ecf55b25a83c6df94f23ae42d61e1efab55f8966315df2');
INSERT INTO public.thoughts VALUES (84, '01a21287-2f58-738a-91c5-eafd749157f7', 'task-0', 14, 'decision', 'agent-0', '\x726f756e64203134206f66207461736b2d303a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.096Z', '464bb6fa74f7b974ea03cca3a24e477ff0e59a3ad429c962658941dde4956171', 'ab7f8c88fc7c46f5c8c78cc7c850e37a1b654df6a3c49e6e449ffdd4ffc2e8a2');
INSERT INTO public.thoughts VALUES (85, '01a21287-2f5a-7a23-a123-805e41ea8bdd', 'task-1', 14, 'reflection', 'agent-1', '\x726f756e64203134206f66207461736b2d313a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.098Z', 'eff858ef08318d978b79e1d099a8fe5c228e43880b922b4964f1da2094545755', '6a5babd7cfb82e4fdf755d4a33ee0bd3f88f66d302ec22e70bfbac323060fa8b');
INSERT INTO public.thoughts VALUES (86, '01a21287-2f5b-70a6-a56c-82c666ec2ce3', 'task-2', 14, 'plan', 'agent-2', '\x726f756e64203134206f66207461736b2d323a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.099Z', 'b3da362b87b84cddf3997527eb4db9ca0375b7c0d6e246306b14898bad957660', 'ac0760d6ebd2f9cc192c51dc69d76640147db3a6caa262c770d8fa0336cceff6');
INSERT INTO public.thoughts VALUES (87, '01a21287-2f5d-7a22-a65f-6b445b23cf44', 'task-3', 14, 'analysis', 'agent-0', '\x726f756e64203134206f66207461736b2d333a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.101Z', 'c137e26dc9ab18a6eea1394239a70c34e19ab24314b370b2a6a94ee49059d2e2', '7fe3fde96b1f4b898b9b06b884e20dc175e0581327b6ff0aef78d731a9ba4424');
INSERT INTO public.thoughts VALUES (88, '01a21287-2f5e-78fb-9fcd-808761a9a3dd', 'task-4', 14, 'decision', 'agent-1', '\x726f756e64203134206f66207461736b2d343a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.102Z', '4b83c09bcd82b35be3148de272ebb8530e36b8f66b44a8dc6e78eb4c6fab4467', '4450d345f10d0c251d5d4379a98020fd9be7a7214cf3fbffc282d33eee42cfa7');
INSERT INTO public.thoughts VALUES (89, '01a21287-2f60-7f50-899c-b590df8ab107', 'task-5', 14, 'reflection', 'agent-2', '\x726f756e64203134206f66207461736b2d353a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.104Z', '9cfa3de93ce513d237ecf55b25a83c6df94f23ae42d61e1efab55f8966315df2', '3623e7bdf9888ac851d1dce1a25524994218c4b8da3c28392e9adb04f3e24ca3');
INSERT INTO public.thoughts VALUES (90, '01a21287-2f61-7bf7-a411-b3c1299d2a61', 'task-0', 15, 'reflection', 'agent-0', '\x726f756e64203135206f66207461736b2d303a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.105Z', 'ab7f8c88fc7c46f5c8c78cc7c850e37a1b654df6a3c49e6e449ffdd4ffc2e8a2', '416556d1dc6cf1a9d1534edb5c4efe0fc9aa7568cf2caac900581c12cc675361');
INSERT INTO public.thoughts VALUES (91, '01a21287-2f63-78ba-8479-73b3412e9d46', 'task-1', 15, 'plan', 'agent-1', '\x726f756e64203135206f66207461736b2d313a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":15,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.107Z', '6a5babd7cfb82e4fdf755d4a33ee0bd3f88f66d302ec22e70bfbac323060fa8b', '8843836a7c9e75d14efbfad86b73356a7ac27664660996368de01d616d9f99d0');
INSERT INTO public.thoughts VALUES (92, '01a21287-2f64-7148-af9d-44de80f3eed6', 'task-2', 15, 'analysis', 'agent-2', '\x726f756e64203135206f66207461736b2d323a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.108Z', 'ac0760d6ebd2f9cc192c51dc69d76640147db3a6caa262c770d8fa0336cceff6', '04acccf14d249e3590704ce0e0ba5cf935bba78d5ec25325cf102456b0efcf85');
INSERT INTO public.thoughts VALUES (93, '01a21287-2f66-7e8b-ae13-743e45fba415', 'task-3', 15, 'decision', 'agent-0', '\x726f756e64203135206f66207461736b2d333a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.110Z', '7fe3fde96b1f4b898b9b06b884e20dc175e0581327b6ff0aef78d731a9ba4424', '0361296f088d12ff55daa1c5b90fef11d0bf3fdaf0867c1ba70681929ef8c93d');
INSERT INTO public.thoughts VALUES (94, '01a21287-2f6a-7ba8-b39e-1c92ebbef2fe', 'task-4', 15, 'reflection', 'agent-1', '\x726f756e64203135206f66207461736b2d343a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.114Z', '4450d345f10d0c251d5d4379a98020fd9be7a7214cf3fbffc282d33eee42cfa7', 'f61256f799bbe823452b24fb9d3b0a72fa6914d37efd1947f4ead48deb308783');
INSERT INTO public.thoughts VALUES (95, '01a21287-2f6c-793f-9110-b99d2f195591', 'task-5', 15, 'plan', 'agent-2', '\x726f756e64203135206f66207461736b2d353a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.116Z', '3623e7bdf9888ac851d1dce1a25524994218c4b8da3c28392e9adb04f3e24ca3', 'bee7b77662bf56dc85de44875efc5794addc817514b4f64f6753f8d09713a38c');
INSERT INTO public.thoughts VALUES (96, '01a21287-2f6d-730f-9429-7e92834b97b6', 'task-0', 16, 'plan', 'agent-0', '\x726f756e64203136206f66207461736b2d303a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.117Z', '416556d1dc6cf1a9d1534edb5c4efe0fc9aa7568cf2caac900581c12cc675361', '29b74258a1d89e1961c7939c07808023f039ecd4ebb8f6cf46c885da83c6cbe5');
INSERT INTO public.thoughts VALUES (97, '01a21287-2f6f-7eeb-b40a-f210081a4b0e', 'task-1', 16, 'analysis', 'agent-1', '\x726f756e64203136206f66207461736b2d313a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.119Z', '8843836a7c9e75d14efbfad86b73356a7ac27664660996368de01d616d9f99d0', 'b835be6a5dfff391f9eb01821009017b66578675ec06bef8391eeddd0fe4f133');
INSERT INTO public.thoughts VALUES (98, '01a21287-2f71-71bd-b113-c3341bc54236', 'task-2', 16, 'decision', 'agent-2', '\x726f756e64203136206f66207461736b2d323a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.121Z', '04acccf14d249e3590704ce0e0ba5cf935bba78d5ec25325cf102456b0efcf85', '75c9261781e5e97d2cd9df06e97e34cc9d336cac9eb808e3b236f201bbffd7b8');
INSERT INTO public.thoughts VALUES (99, '01a21287-2f72-73d8-bdd9-caccdf555ed7', 'task-3', 16, 'reflection', 'agent-0', '\x726f756e64203136206f66207461736b2d333a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.122Z', '0361296f088d12ff55daa1c5b90fef11d0bf3fdaf0867c1ba70681929ef8c93d', '155de8cf0f2e668cd90bb89fd80d6c59e0285f1427519c645fbab6d10f3523db');
INSERT INTO public.thoughts VALUES (100, '01a21287-2f73-78fd-a3c1-c77e09825f28', 'task-4', 16, 'plan', 'agent-1', '\x726f756e64203136206f66207461736b2d343a20746865206d65726b6c65206e6f746520', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.123Z', 'f61256f799bbe823452b24fb9d3b0a72fa6914d37efd1947f4ead48deb308783', 'a1476361137b01e842851aa177021398dc9a68274921af851d3895aece7d5937');
INSERT INTO public.thoughts VALUES (101, '01a21287-2f75-75cd-8c67-eff6a6ee39a8', 'task-5', 16, 'analysis', 'agent-2', '\x726f756e64203136206f66207461736b2d353a20746865206b616e6761726f6f206e6f74652078', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.125Z', 'bee7b77662bf56dc85de44875efc5794addc817514b4f64f6753f8d09713a38c', '7cc6b554ea887fedd57420bd13c680f8f73ddb8aa1af5b94948f2d949bb415f9');
INSERT INTO public.thoughts VALUES (102, '01a21287-2f77-7fb5-a21a-720d927398c1', 'task-0', 17, 'analysis', 'agent-0', '\x726f756e64203137206f66207461736b2d303a2074686520636f6d70617373206e6f7465207878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.127Z', '29b74258a1d89e1961c7939c07808023f039ecd4ebb8f6cf46c885da83c6cbe5', '166698add2920958040b42f1e549a8915e4619c980f975f0aa99944239e9e9c8');
INSERT INTO public.thoughts VALUES (103, '01a21287-2f78-7e1f-80c2-11dafd5dd603', 'task-1', 17, 'decision', 'agent-1', '\x726f756e64203137206f66207461736b2d313a207468652071756f6b6b61206e6f746520787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.128Z', 'b835be6a5dfff391f9eb01821009017b66578675ec06bef8391eeddd0fe4f133', '47c2e5b852df8f77cd6f48f88f5eeca488c0cbe3059b6d0419ab72760dcc9f90');
INSERT INTO public.thoughts VALUES (104, '01a21287-2f7a-71fc-a572-0fcf3cc63de2', 'task-2', 17, 'reflection', 'agent-2', '\x726f756e64203137206f66207461736b2d323a20746865206c6564676572206e6f74652078787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.130Z', '75c9261781e5e97d2cd9df06e97e34cc9d336cac9eb808e3b236f201bbffd7b8', 'a081a0cd5688cea13ec8a5f1bfa29bfae71f6ce0db999c0378ce21b8e6a92644');
INSERT INTO public.thoughts VALUES (105, '01a21287-2f7b-7c0a-ae0a-a1e62fbdbe3a', 'task-3', 17, 'plan', 'agent-0', '\x726f756e64203137206f66207461736b2d333a20746865206d65726b6c65206e6f7465207878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.131Z', '155de8cf0f2e668cd90bb89fd80d6c59e0285f1427519c645fbab6d10f3523db', '2dccfaec779e642630aa5522b1d4b7b553cde32ce0005a9bc2b26ae4b309ff6c');
INSERT INTO public.thoughts VALUES (106, '01a21287-2f7c-7162-9136-7ef58a8b2159', 'task-4', 17, 'analysis', 'agent-1', '\x726f756e64203137206f66207461736b2d343a20746865206b616e6761726f6f206e6f746520787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.132Z', 'a1476361137b01e842851aa177021398dc9a68274921af851d3895aece7d5937', '71f1870b9cd284c43ad0e18ed7ba1527a7a623c4d5f018c6a500c23f123e3b59');
INSERT INTO public.thoughts VALUES (107, '01a21287-2f7e-7e15-a951-8dc25c6fd44d', 'task-5', 17, 'decision', 'agent-2', '\x726f756e64203137206f66207461736b2d353a2074686520746561706f74206e6f74652078787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.134Z', '7cc6b554ea887fedd57420bd13c680f8f73ddb8aa1af5b94948f2d949bb415f9', '81bae6398a6df45bf967b05543cf6284aff9aa6bee694996d1974a6d1d2efaf4');
INSERT INTO public.thoughts VALUES (108, '01a21287-2f7f-71ca-8702-fb85cecefb04', 'task-0', 18, 'decision', 'agent-0', '\x726f756e64203138206f66207461736b2d303a207468652071756f6b6b61206e6f7465207878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.135Z', '166698add2920958040b42f1e549a8915e4619c980f975f0aa99944239e9e9c8', 'e21c45039d8f36543132d1acb053b518f814a918ab964ab19e4e08133a3d70a9');
INSERT INTO public.thoughts VALUES (109, '01a21287-2f84-7f8a-b78a-4d458d1417de', 'task-1', 18, 'reflection', 'agent-1', '\x726f756e64203138206f66207461736b2d313a20746865206c6564676572206e6f746520787878787878787878', '{"confidence":0.5,"n":18,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.140Z', '47c2e5b852df8f77cd6f48f88f5eeca488c0cbe3059b6d0419ab72760dcc9f90', '2c57ed17c7f5866abd01099bd0827d4c8664b6f0e6e59197fb79d1c2be49b7a4');
INSERT INTO public.thoughts VALUES (110, '01a21287-2f86-7cb6-8c5f-6d396422bea1', 'task-2', 18, 'plan', 'agent-2', '\x726f756e64203138206f66207461736b2d323a20746865206d65726b6c65206e6f74652078787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.142Z', 'a081a0cd5688cea13ec8a5f1bfa29bfae71f6ce0db999c0378ce21b8e6a92644', 'f06e86a274b24b0f0a7b95c87a1c70cb986c08b5d6c2d8b1db2725f968322736');
INSERT INTO public.thoughts VALUES (111, '01a21287-2f87-799f-8764-9365f7540a72', 'task-3', 18, 'analysis', 'agent-0', '\x726f756e64203138206f66207461736b2d333a20746865206b616e6761726f6f206e6f7465207878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.143Z', '2dccfaec779e642630aa5522b1d4b7b553cde32ce0005a9bc2b26ae4b309ff6c', 'cc72e4c4ffe3c7926f63a40cc236cdeb151dd874eb836807e5e878252b166faf');
INSERT INTO public.thoughts VALUES (112, '01a21287-2f89-7ba9-8d2a-ae159197e2fa', 'task-4', 18, 'decision', 'agent-1', '\x726f756e64203138206f66207461736b2d343a2074686520746561706f74206e6f746520787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.145Z', '71f1870b9cd284c43ad0e18ed7ba1527a7a623c4d5f018c6a500c23f123e3b59', '42db3915f1c16676a1798952c6f48439cbc66e877b89bc99cb20d4e1d4f2b9ec');
INSERT INTO public.thoughts VALUES (113, '01a21287-2f8a-72ee-a5ef-e6dfebd01525', 'task-5', 18, 'reflection', 'agent-2', '\x726f756e64203138206f66207461736b2d353a2074686520636f6d70617373206e6f74652078787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.146Z', '81bae6398a6df45bf967b05543cf6284aff9aa6bee694996d1974a6d1d2efaf4', '1e5b553480c76a191d9a6ad3eb57215839112b066ed2b611a283d7d8cd73ba25');
INSERT INTO public.thoughts VALUES (114, '01a21287-2f8c-7a20-a389-882f8d33d36d', 'task-0', 19, 'reflection', 'agent-0', '\x726f756e64203139206f66207461736b2d303a20746865206c6564676572206e6f7465207878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.148Z', 'e21c45039d8f36543132d1acb053b518f814a918ab964ab19e4e08133a3d70a9', '4e33a1c73b20335fa42254f0cc6368cf281d067906fc9e0f943146f9a08f125d');
INSERT INTO public.thoughts VALUES (115, '01a21287-2f8d-7493-a5e7-42da9c7d7aa6', 'task-1', 19, 'plan', 'agent-1', '\x726f756e64203139206f66207461736b2d313a20746865206d65726b6c65206e6f746520787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.149Z', '2c57ed17c7f5866abd01099bd0827d4c8664b6f0e6e59197fb79d1c2be49b7a4', '27f439202de76af964d18bad571e2a4b5d4226910125b1c1543e03c1687c59a7');
INSERT INTO public.thoughts VALUES (116, '01a21287-2f8f-73d5-bc3f-f569e5fd6744', 'task-2', 19, 'analysis', 'agent-2', '\x726f756e64203139206f66207461736b2d323a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878', NULL, NULL, 'session-1', NULL, '2026-11-25T11:46:19.151Z', 'f06e86a274b24b0f0a7b95c87a1c70cb986c08b5d6c2d8b1db2725f968322736', '6eae7433eca42d0634375dbfe9b65b01c2dc0af1ea0ba8b3dd0aeaef7df4d5a5');
INSERT INTO public.thoughts VALUES (117, '01a21287-2f90-7eef-8042-b2c0586c6944', 'task-3', 19, 'decision', 'agent-0', '\x726f756e64203139206f66207461736b2d333a2074686520746561706f74206e6f7465207878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.152Z', 'cc72e4c4ffe3c7926f63a40cc236cdeb151dd874eb836807e5e878252b166faf', '5a3973f3c6a269f262a91407503a040c4a9db55082f9cf967672dff1d4e662f0');
INSERT INTO public.thoughts VALUES (118, '01a21287-2f92-723e-b2a9-fbf4e4d9916a', 'task-4', 19, 'reflection', 'agent-1', '\x726f756e64203139206f66207461736b2d343a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.154Z', '42db3915f1c16676a1798952c6f48439cbc66e877b89bc99cb20d4e1d4f2b9ec', '6e97022d05d5838bc90cd0d1beb15b330bbec3dab0960fbbb5c2e9fbdb7cc65f');
INSERT INTO public.thoughts VALUES (119, '01a21287-2f93-7403-8eb3-04b61fe5b671', 'task-5', 19, 'plan', 'agent-2', '\x726f756e64203139206f66207461736b2d353a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.155Z', '1e5b553480c76a191d9a6ad3eb57215839112b066ed2b611a283d7d8cd73ba25', 'c8500e728db3c16bb60a97522cf97b70bff0f098bcab985bd47164c9b5ff7329');
INSERT INTO public.thoughts VALUES (120, '01a21287-2f94-7a91-9674-7a689c4d6d9b', 'task-0', 20, 'plan', 'agent-0', '\x726f756e64203230206f66207461736b2d303a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.156Z', '4e33a1c73b20335fa42254f0cc6368cf281d067906fc9e0f943146f9a08f125d', '86d9aadb1c38cb54576e5b2de144f199f6bcdfe4692a14d6316060aceddebcd5');
INSERT INTO public.thoughts VALUES (121, '01a21287-2f96-7549-b4f0-08d484a0a8ce', 'task-1', 20, 'analysis', 'agent-1', '\x726f756e64203230206f66207461736b2d313a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.158Z', '27f439202de76af964d18bad571e2a4b5d4226910125b1c1543e03c1687c59a7', '2a0f9b4ebf13ebe197f200126a43e00593981860e1afea1cc2760111387ccaad');
INSERT INTO public.thoughts VALUES (122, '01a21287-2f97-7def-bb35-8c167b86b685', 'task-2', 20, 'decision', 'agent-2', '\x726f756e64203230206f66207461736b2d323a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.159Z', '6eae7433eca42d0634375dbfe9b65b01c2dc0af1ea0ba8b3dd0aeaef7df4d5a5', 'de769f7b56359762b8ada8ebf4f24e20e3f06eeb4de33b2bb1b1fa50c2de77e8');
INSERT INTO public.thoughts VALUES (123, '01a21287-2f99-714d-925b-1789fa034734', 'task-3', 20, 'reflection', 'agent-0', '\x726f756e64203230206f66207461736b2d333a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.161Z', '5a3973f3c6a269f262a91407503a040c4a9db55082f9cf967672dff1d4e662f0', 'f6db5df65ed304474eb401a2390605ae98556e57136e465048bb0b0e65d447bd');
INSERT INTO public.thoughts VALUES (124, '01a21287-2f9a-74d1-b60a-c7fecb82a277', 'task-4', 20, 'plan', 'agent-1', '\x726f756e64203230206f66207461736b2d343a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.162Z', '6e97022d05d5838bc90cd0d1beb15b330bbec3dab0960fbbb5c2e9fbdb7cc65f', '34dead77cc6359b3286b8f2fd4b450433e4408a7b2c65239aa283c2c267f0cb0');
INSERT INTO public.thoughts VALUES (125, '01a21287-2f9c-718d-a1cc-03c520a8281c', 'task-5', 20, 'analysis', 'agent-2', '\x726f756e64203230206f66207461736b2d353a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.164Z', 'c8500e728db3c16bb60a97522cf97b70bff0f098bcab985bd47164c9b5ff7329', '3ecdfa051bb7af57ec154344d993d5c06f8329a00def04784593ce59b63d4694');
INSERT INTO public.thoughts VALUES (126, '01a21287-2f9d-736f-a8a6-05f7e4e28856', 'task-0', 21, 'analysis', 'agent-0', '\x726f756e64203231206f66207461736b2d303a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.165Z', '86d9aadb1c38cb54576e5b2de144f199f6bcdfe4692a14d6316060aceddebcd5', '6f44d47d2fd2cb6d6fc996f0e0b99696449bfe006d96d31eebc2b51426ded98f');
INSERT INTO public.thoughts VALUES (127, '01a21287-2f9f-7359-ad1b-e1a298f2b296', 'task-1', 21, 'decision', 'agent-1', '\x726f756e64203231206f66207461736b2d313a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":21,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.167Z', '2a0f9b4ebf13ebe197f200126a43e00593981860e1afea1cc2760111387ccaad', '625acf7a692e8923e8ed8f7e14a5b2da537c835c382311a4181e4658d4e853e1');
INSERT INTO public.thoughts VALUES (128, '01a21287-2fa1-70c1-86a4-8e2fae0fb219', 'task-2', 21, 'reflection', 'agent-2', '\x726f756e64203231206f66207461736b2d323a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.169Z', 'de769f7b56359762b8ada8ebf4f24e20e3f06eeb4de33b2bb1b1fa50c2de77e8', '2c1b5ada02a69a078f6368484612e7408c1beb9b1e37fc13fdbfa8c3a0795b36');
INSERT INTO public.thoughts VALUES (129, '01a21287-2fa5-7001-bf02-f68fc2abd6a8', 'task-3', 21, 'plan', 'agent-0', '\x726f756e64203231206f66207461736b2d333a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.173Z', 'f6db5df65ed304474eb401a2390605ae98556e57136e465048bb0b0e65d447bd', '3ccf869fda98f9cf86457a8e27aea8aa167412f9cb1e1ced3de4b66c64d591b4');
INSERT INTO public.thoughts VALUES (130, '01a21287-2fac-754d-b3d7-f4cb26421fbe', 'task-4', 21, 'analysis', 'agent-1', '\x726f756e64203231206f66207461736b2d343a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.180Z', '34dead77cc6359b3286b8f2fd4b450433e4408a7b2c65239aa283c2c267f0cb0', 'c4ee21c0f4020396a9a99bf20c62db2342a7ad156e2fa124ca34888bcc775dbb');
INSERT INTO public.thoughts VALUES (131, '01a21287-2fae-70b5-9c33-a6504c763f03', 'task-5', 21, 'decision', 'agent-2', '\x726f756e64203231206f66207461736b2d353a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.182Z', '3ecdfa051bb7af57ec154344d993d5c06f8329a00def04784593ce59b63d4694', '4d64726d8df21f4c75815ba22265c89adfd89f34dc477436be78e356bf8dc7f7');
INSERT INTO public.thoughts VALUES (132, '01a21287-2faf-751e-8b2a-eaf94f8d5a46', 'task-0', 22, 'decision', 'agent-0', '\x726f756e64203232206f66207461736b2d303a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.183Z', '6f44d47d2fd2cb6d6fc996f0e0b99696449bfe006d96d31eebc2b51426ded98f', 'f335c08e16cd7d899425c10fb7c75859215a81f5de2f73521fa4527bf5a419e5');
INSERT INTO public.thoughts VALUES (133, '01a21287-2fb0-7792-ab74-8f605be335f6', 'task-1', 22, 'reflection', 'agent-1', '\x726f756e64203232206f66207461736b2d313a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.184Z', '625acf7a692e8923e8ed8f7e14a5b2da537c835c382311a4181e4658d4e853e1', '22035441a9930967504c9118cf385c6f29e35b85ccb6cb3039f02a32f41691ab');
INSERT INTO public.thoughts VALUES (134, '01a21287-2fb4-7608-bd56-c56e91851ff4', 'task-2', 22, 'plan', 'agent-2', '\x726f756e64203232206f66207461736b2d323a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.188Z', '2c1b5ada02a69a078f6368484612e7408c1beb9b1e37fc13fdbfa8c3a0795b36', '80853cf07d9425ea766ac2ef7a0e95649b3131cf061b04e57a2ce5e772d32077');
INSERT INTO public.thoughts VALUES (135, '01a21287-2fb6-7d04-9202-d3fa231c6dde', 'task-3', 22, 'analysis', 'agent-0', '\x726f756e64203232206f66207461736b2d333a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.190Z', '3ccf869fda98f9cf86457a8e27aea8aa167412f9cb1e1ced3de4b66c64d591b4', '064d42efa8c7c36000d97375b65db31c848a3230f9a87f5d7a60184b7452ed06');
INSERT INTO public.thoughts VALUES (136, '01a21287-2fb7-795d-8cb3-c27f2a3c9f99', 'task-4', 22, 'decision', 'agent-1', '\x726f756e64203232206f66207461736b2d343a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.191Z', 'c4ee21c0f4020396a9a99bf20c62db2342a7ad156e2fa124ca34888bcc775dbb', 'a5d174fbf5a23743935eb5aaea51855cbdca3d22e095d815fce9c51de5676e3e');
INSERT INTO public.thoughts VALUES (137, '01a21287-2fb8-7ebf-832c-37cdde87bde2', 'task-5', 22, 'reflection', 'agent-2', '\x726f756e64203232206f66207461736b2d353a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.192Z', '4d64726d8df21f4c75815ba22265c89adfd89f34dc477436be78e356bf8dc7f7', '2152e5f5de3f89d75052a34fbad2a5cb86676ca7959f02305a5176788c35d21d');
INSERT INTO public.thoughts VALUES (138, '01a21287-2fba-772d-93e4-c838ac6e5066', 'task-0', 23, 'reflection', 'agent-0', '\x726f756e64203233206f66207461736b2d303a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.194Z', 'f335c08e16cd7d899425c10fb7c75859215a81f5de2f73521fa4527bf5a419e5', '9728ce5fe1196333128f21d7b12a4d27565e905b7f92af5b780e64977df36088');
INSERT INTO public.thoughts VALUES (139, '01a21287-2fbb-7a85-895f-394bd80644d6', 'task-1', 23, 'plan', 'agent-1', '\x726f756e64203233206f66207461736b2d313a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.195Z', '22035441a9930967504c9118cf385c6f29e35b85ccb6cb3039f02a32f41691ab', '8dea61c8ed6bc38e5bbdb1d7770de603a5fd34a1983ca90ee689a5414beaaff6');
INSERT INTO public.thoughts VALUES (140, '01a21287-2fbc-77a1-88ea-d1d7b3fea199', 'task-2', 23, 'analysis', 'agent-2', '\x726f756e64203233206f66207461736b2d323a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.196Z', '80853cf07d9425ea766ac2ef7a0e95649b3131cf061b04e57a2ce5e772d32077', '1b6ac88f8970f09a3741052ce513fe2586dcd788b5d1dc2c7609658d81ea32d5');
INSERT INTO public.thoughts VALUES (141, '01a21287-2fbe-77b3-9a64-f5ec3a38c633', 'task-3', 23, 'decision', 'agent-0', '\x726f756e64203233206f66207461736b2d333a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.198Z', '064d42efa8c7c36000d97375b65db31c848a3230f9a87f5d7a60184b7452ed06', 'cb41769f55f358ec83797d98955cec130914f5397f7fef6351785a6c232693b7');
INSERT INTO public.thoughts VALUES (142, '01a21287-2fbf-74d4-88ba-18115f81be9d', 'task-4', 23, 'reflection', 'agent-1', '\x726f756e64203233206f66207461736b2d343a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.199Z', 'a5d174fbf5a23743935eb5aaea51855cbdca3d22e095d815fce9c51de5676e3e', '8f118a7190d9333ec6eeec31b5ca7a2d86bafb84dd0de0e0130991093d4e1632');
INSERT INTO public.thoughts VALUES (143, '01a21287-2fc1-7b6b-a8f6-a588ba0727d6', 'task-5', 23, 'plan', 'agent-2', '\x726f756e64203233206f66207461736b2d353a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.201Z', '2152e5f5de3f89d75052a34fbad2a5cb86676ca7959f02305a5176788c35d21d', '6ab9621707fded28a5cf95130f86ad414238b644afe8381016f9f9fe7726317c');
INSERT INTO public.thoughts VALUES (144, '01a21287-2fc2-788c-a798-11ab7a92d007', 'task-0', 24, 'plan', 'agent-0', '\x726f756e64203234206f66207461736b2d303a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.202Z', '9728ce5fe1196333128f21d7b12a4d27565e905b7f92af5b780e64977df36088', 'b185092bd2df81bc3f977f90f05d00c33a1119f41f746f7932a69406ad2e1777');
INSERT INTO public.thoughts VALUES (145, '01a21287-2fc3-7cb0-9df8-5930bf31ad6c', 'task-1', 24, 'analysis', 'agent-1', '\x726f756e64203234206f66207461736b2d313a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":24,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.203Z', '8dea61c8ed6bc38e5bbdb1d7770de603a5fd34a1983ca90ee689a5414beaaff6', 'bda5221f7df7d07544fa05d030e027b782fe74a57a8994c9cbc7725c964b3bcc');
INSERT INTO public.thoughts VALUES (146, '01a21287-2fc5-7d00-9cd4-618b7dcc7f65', 'task-2', 24, 'decision', 'agent-2', '\x726f756e64203234206f66207461736b2d323a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.205Z', '1b6ac88f8970f09a3741052ce513fe2586dcd788b5d1dc2c7609658d81ea32d5', '19da7114deb0eb2e3621290873d325736dd90fb365b0b154574a5bc93ae0fd90');
INSERT INTO public.thoughts VALUES (147, '01a21287-2fc6-757b-8373-33bcee7a5b3e', 'task-3', 24, 'reflection', 'agent-0', '\x726f756e64203234206f66207461736b2d333a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.206Z', 'cb41769f55f358ec83797d98955cec130914f5397f7fef6351785a6c232693b7', '73079cc333804a87e1555073f482d355d22c7203b0df3f5e683f8dd7ec5d531a');
INSERT INTO public.thoughts VALUES (148, '01a21287-2fc7-7091-a889-b3dcc853bb2d', 'task-4', 24, 'plan', 'agent-1', '\x726f756e64203234206f66207461736b2d343a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.207Z', '8f118a7190d9333ec6eeec31b5ca7a2d86bafb84dd0de0e0130991093d4e1632', 'fcbcc7fd1e1f81b7c7e9639a6470eb20fb7945567b01e89001f2a72f2d2e766b');
INSERT INTO public.thoughts VALUES (149, '01a21287-2fc8-715e-b96c-7a4095712070', 'task-5', 24, 'analysis', 'agent-2', '\x726f756e64203234206f66207461736b2d353a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.208Z', '6ab9621707fded28a5cf95130f86ad414238b644afe8381016f9f9fe7726317c', '76818cb463bee1511194e4cca522f81a4f9b79c65bfc6532509bbb9812b01013');
INSERT INTO public.thoughts VALUES (150, '01a21287-2fca-79f9-b54a-40d6777c8676', 'task-0', 25, 'analysis', 'agent-0', '\x726f756e64203235206f66207461736b2d303a20746865206c6564676572206e6f746520', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.210Z', 'b185092bd2df81bc3f977f90f05d00c33a1119f41f746f7932a69406ad2e1777', '4f47816599c9f8b866a3880f0e36cf34ecd406424303796a48f13dd709edebfc');
INSERT INTO public.thoughts VALUES (151, '01a21287-2fcb-7af0-91bc-d3903ef4f456', 'task-1', 25, 'decision', 'agent-1', '\x726f756e64203235206f66207461736b2d313a20746865206d65726b6c65206e6f74652078', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.211Z', 'bda5221f7df7d07544fa05d030e027b782fe74a57a8994c9cbc7725c964b3bcc', 'a33dd14e7a5cd04a07cf480ff9752d10c81c4d5632725dd13a6806bd7d591104');
INSERT INTO public.thoughts VALUES (152, '01a21287-2fcd-7ba7-869a-de44ec0c7d30', 'task-2', 25, 'reflection', 'agent-2', '\x726f756e64203235206f66207461736b2d323a20746865206b616e6761726f6f206e6f7465207878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.213Z', '19da7114deb0eb2e3621290873d325736dd90fb365b0b154574a5bc93ae0fd90', '351ccd256057a69af3b94b154e39de98f74c16df0756a752b3d780fdc08422d9');
INSERT INTO public.thoughts VALUES (153, '01a21287-2fce-7e72-879a-fcd43efddc4b', 'task-3', 25, 'plan', 'agent-0', '\x726f756e64203235206f66207461736b2d333a2074686520746561706f74206e6f746520787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.214Z', '73079cc333804a87e1555073f482d355d22c7203b0df3f5e683f8dd7ec5d531a', '0f0bed440f515d29a59305c90e5916a47bf2d5e8b12363ad6f52dad828fb07af');
INSERT INTO public.thoughts VALUES (154, '01a21287-2fcf-7197-8d44-ee2d4d2e688d', 'task-4', 25, 'analysis', 'agent-1', '\x726f756e64203235206f66207461736b2d343a2074686520636f6d70617373206e6f74652078787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.215Z', 'fcbcc7fd1e1f81b7c7e9639a6470eb20fb7945567b01e89001f2a72f2d2e766b', '6abdb0638bc7f92ac4557475962ec4a216a5440919da0b72edaeba74d4da8c01');
INSERT INTO public.thoughts VALUES (155, '01a21287-2fd1-73c0-bc8a-7c85ecef2b09', 'task-5', 25, 'decision', 'agent-2', '\x726f756e64203235206f66207461736b2d353a207468652071756f6b6b61206e6f7465207878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.217Z', '76818cb463bee1511194e4cca522f81a4f9b79c65bfc6532509bbb9812b01013', '26b85d6e0079b703da79d8502b4c8760a4d8b362d7fea937a70095cf9b9c6b6d');
INSERT INTO public.thoughts VALUES (156, '01a21287-2fd2-7b36-af1e-f3a681e3cb47', 'task-0', 26, 'decision', 'agent-0', '\x726f756e64203236206f66207461736b2d303a20746865206d65726b6c65206e6f746520787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.218Z', '4f47816599c9f8b866a3880f0e36cf34ecd406424303796a48f13dd709edebfc', '08225af1468aa35f3eb41cedbe9cbbe1eb022dac5aef7f7cdd101ee3a549298d');
INSERT INTO public.thoughts VALUES (157, '01a21287-2fd4-74f6-a0c0-269f98903105', 'task-1', 26, 'reflection', 'agent-1', '\x726f756e64203236206f66207461736b2d313a20746865206b616e6761726f6f206e6f74652078787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.220Z', 'a33dd14e7a5cd04a07cf480ff9752d10c81c4d5632725dd13a6806bd7d591104', 'fe3fa3ce1a8d4d6f23367a06fe8198a12af288783b76cfcea7be143ca445a407');
INSERT INTO public.thoughts VALUES (158, '01a21287-2fd5-7db3-86e2-c76c868979aa', 'task-2', 26, 'plan', 'agent-2', '\x726f756e64203236206f66207461736b2d323a2074686520746561706f74206e6f7465207878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.221Z', '351ccd256057a69af3b94b154e39de98f74c16df0756a752b3d780fdc08422d9', 'e9b3133cd33f49471f90aa86167aacd7feaeed9ff674e359573b072b2465904c');
INSERT INTO public.thoughts VALUES (159, '01a21287-2fd6-7270-921e-257db17f6520', 'task-3', 26, 'analysis', 'agent-0', '\x726f756e64203236206f66207461736b2d333a2074686520636f6d70617373206e6f746520787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.222Z', '0f0bed440f515d29a59305c90e5916a47bf2d5e8b12363ad6f52dad828fb07af', 'c6f65b9def20ee184a385374f9a23c8a89ba46bb1a040c5f28b7a3953cc49c0a');
INSERT INTO public.thoughts VALUES (160, '01a21287-2fe0-7714-9a6a-ecfb56c66bef', 'task-4', 26, 'decision', 'agent-1', '\x726f756e64203236206f66207461736b2d343a207468652071756f6b6b61206e6f74652078787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.232Z', '6abdb0638bc7f92ac4557475962ec4a216a5440919da0b72edaeba74d4da8c01', '58f0fd05d09254fe4fade00aad2b7331c4a7075a238ec105183208b3315fb01c');
INSERT INTO public.thoughts VALUES (161, '01a21287-2fe2-7895-a27e-033d0b01614d', 'task-5', 26, 'reflection', 'agent-2', '\x726f756e64203236206f66207461736b2d353a20746865206c6564676572206e6f7465207878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.234Z', '26b85d6e0079b703da79d8502b4c8760a4d8b362d7fea937a70095cf9b9c6b6d', '1340a91df7e2197fe42ea2855a0403d57b41e5eb41f7b5008b1328b702965b96');
INSERT INTO public.thoughts VALUES (162, '01a21287-2fe3-7898-8d16-25ac8f2fb838', 'task-0', 27, 'reflection', 'agent-0', '\x726f756e64203237206f66207461736b2d303a20746865206b616e6761726f6f206e6f746520787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.235Z', '08225af1468aa35f3eb41cedbe9cbbe1eb022dac5aef7f7cdd101ee3a549298d', '3e0d35c3278db5e5d0c77ba1f791aa0e59897d3245290d294b4c77d0fbe168b7');
INSERT INTO public.thoughts VALUES (163, '01a21287-2fe6-7cc7-b3eb-e60c9280b463', 'task-1', 27, 'plan', 'agent-1', '\x726f756e64203237206f66207461736b2d313a2074686520746561706f74206e6f74652078787878787878787878787878', '{"confidence":0.5,"n":27,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.238Z', 'fe3fa3ce1a8d4d6f23367a06fe8198a12af288783b76cfcea7be143ca445a407', 'f28476c0d38caa16b8669170374a99348ea029119ade1b98bb42765502d31d36');
INSERT INTO public.thoughts VALUES (164, '01a21287-2fe8-7ceb-b801-e88286517ca3', 'task-2', 27, 'analysis', 'agent-2', '\x726f756e64203237206f66207461736b2d323a2074686520636f6d70617373206e6f7465207878787878787878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.240Z', 'e9b3133cd33f49471f90aa86167aacd7feaeed9ff674e359573b072b2465904c', '28366312d33ee2c8d57277578b701eeca4721c058d5b6b68903381a625f5c581');
INSERT INTO public.thoughts VALUES (165, '01a21287-2fe9-7ac3-b2f7-ee34b9edc548', 'task-3', 27, 'decision', 'agent-0', '\x726f756e64203237206f66207461736b2d333a207468652071756f6b6b61206e6f746520787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.241Z', 'c6f65b9def20ee184a385374f9a23c8a89ba46bb1a040c5f28b7a3953cc49c0a', '301545c7a7676d610d79d1cf2a3654887b3253ad6de6a2e53c372a24e7866426');
INSERT INTO public.thoughts VALUES (166, '01a21287-2feb-7c44-ac5b-10dc47869e80', 'task-4', 27, 'reflection', 'agent-1', '\x726f756e64203237206f66207461736b2d343a20746865206c6564676572206e6f74652078787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.243Z', '58f0fd05d09254fe4fade00aad2b7331c4a7075a238ec105183208b3315fb01c', '9d8ee36c6fc00ea5e33576d32f53a55b7905dc96c0f789719ddc8aecab3f03e6');
INSERT INTO public.thoughts VALUES (167, '01a21287-2fec-72ff-84a3-a34b0579728d', 'task-5', 27, 'plan', 'agent-2', '\x726f756e64203237206f66207461736b2d353a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.244Z', '1340a91df7e2197fe42ea2855a0403d57b41e5eb41f7b5008b1328b702965b96', 'fadc2022bcdaf19676b5d50df52a0b4c828cdc627a37353d82e3ec73fcf5d3c9');
INSERT INTO public.thoughts VALUES (168, '01a21287-2fee-7e6b-97ab-5068725373e5', 'task-0', 28, 'plan', 'agent-0', '\x726f756e64203238206f66207461736b2d303a2074686520746561706f74206e6f746520787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.246Z', '3e0d35c3278db5e5d0c77ba1f791aa0e59897d3245290d294b4c77d0fbe168b7', 'b27ff46b94c29be4dba369e50c1b781f9d4e5ee03ce824679f43f2fd6ecbabe8');
INSERT INTO public.thoughts VALUES (169, '01a21287-2fef-73dd-80f9-e0c75485ee25', 'task-1', 28, 'analysis', 'agent-1', '\x726f756e64203238206f66207461736b2d313a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.247Z', 'f28476c0d38caa16b8669170374a99348ea029119ade1b98bb42765502d31d36', 'b033f53e4fb68e69eaf482841ca0b841cf327f90e9aecabec7fd4e0158ad2193');
INSERT INTO public.thoughts VALUES (170, '01a21287-2ff1-71a5-aa4e-f2f5e0266a29', 'task-2', 28, 'decision', 'agent-2', '\x726f756e64203238206f66207461736b2d323a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.249Z', '28366312d33ee2c8d57277578b701eeca4721c058d5b6b68903381a625f5c581', '4d5b07df2885fd2380993f54048e7250a7a8bfb7356229e48cf243b455088076');
INSERT INTO public.thoughts VALUES (171, '01a21287-2ff2-7bab-bd88-726c7cb9ef95', 'task-3', 28, 'reflection', 'agent-0', '\x726f756e64203238206f66207461736b2d333a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.250Z', '301545c7a7676d610d79d1cf2a3654887b3253ad6de6a2e53c372a24e7866426', 'b499f721eed3fd99c4a35a7eece8a3a9e2b68c975c2122a039f9e060cf75a213');
INSERT INTO public.thoughts VALUES (172, '01a21287-2ff5-70e5-8f9c-d2fd09f81597', 'task-4', 28, 'plan', 'agent-1', '\x726f756e64203238206f66207461736b2d343a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.253Z', '9d8ee36c6fc00ea5e33576d32f53a55b7905dc96c0f789719ddc8aecab3f03e6', '0df33da20cba527ab1f0c29976a9d4e066be9f6f04c30b77cdac3c904970a358');
INSERT INTO public.thoughts VALUES (173, '01a21287-2ff7-71a7-a7d0-3044d6b2d1de', 'task-5', 28, 'analysis', 'agent-2', '\x726f756e64203238206f66207461736b2d353a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.255Z', 'fadc2022bcdaf19676b5d50df52a0b4c828cdc627a37353d82e3ec73fcf5d3c9', '9d4a102ed4d6622d7f90c64f063422f037a6ecb1a70ed9def0a273eb75544e6a');
INSERT INTO public.thoughts VALUES (174, '01a21287-2ff9-7a1c-9bf3-9286b81bd065', 'task-0', 29, 'analysis', 'agent-0', '\x726f756e64203239206f66207461736b2d303a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.257Z', 'b27ff46b94c29be4dba369e50c1b781f9d4e5ee03ce824679f43f2fd6ecbabe8', '1b683c3d2c237236992618bdbd32a0cc807e62c7f6c09d7a33bed3f052989a26');
INSERT INTO public.thoughts VALUES (175, '01a21287-2ffb-7683-914f-1a8714b2a1c4', 'task-1', 29, 'decision', 'agent-1', '\x726f756e64203239206f66207461736b2d313a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.259Z', 'b033f53e4fb68e69eaf482841ca0b841cf327f90e9aecabec7fd4e0158ad2193', '7d859e5ed451cccbeb71d56fc77e370d7f7c89a6342c96686f8e4dcf57ac23e8');
INSERT INTO public.thoughts VALUES (176, '01a21287-2ffd-7828-b622-7e2f97f1f668', 'task-2', 29, 'reflection', 'agent-2', '\x726f756e64203239206f66207461736b2d323a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-2', NULL, '2026-11-25T11:46:19.261Z', '4d5b07df2885fd2380993f54048e7250a7a8bfb7356229e48cf243b455088076', '268cff95edb951125d9000607b71025387cf78f909467d11ed76ca774ab72022');
INSERT INTO public.thoughts VALUES (177, '01a21287-2fff-7ca2-841d-0aaf330d2d71', 'task-3', 29, 'plan', 'agent-0', '\x726f756e64203239206f66207461736b2d333a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.263Z', 'b499f721eed3fd99c4a35a7eece8a3a9e2b68c975c2122a039f9e060cf75a213', 'c9f94c44f17e7f3b813c5772223681ec030878e0c1d1c88cd7064ebf7f67a026');
INSERT INTO public.thoughts VALUES (178, '01a21287-3000-71be-a454-e002d4470986', 'task-4', 29, 'analysis', 'agent-1', '\x726f756e64203239206f66207461736b2d343a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.264Z', '0df33da20cba527ab1f0c29976a9d4e066be9f6f04c30b77cdac3c904970a358', 'acdfb59db749eddd99a7413f3df62a29c72d8f79363b1c44b41bee5596e14d97');
INSERT INTO public.thoughts VALUES (179, '01a21287-3002-7193-a889-8164378dbea4', 'task-5', 29, 'decision', 'agent-2', '\x726f756e64203239206f66207461736b2d353a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.266Z', '9d4a102ed4d6622d7f90c64f063422f037a6ecb1a70ed9def0a273eb75544e6a', '1ddf64e8fd0b2eb75a4c6fc868fa452b6c39a0a81262d2ce656557fc6316b9ca');
INSERT INTO public.thoughts VALUES (180, '01a21287-3004-7461-a3e9-f3807d8b9a41', 'task-0', 30, 'decision', 'agent-0', '\x726f756e64203330206f66207461736b2d303a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.268Z', '1b683c3d2c237236992618bdbd32a0cc807e62c7f6c09d7a33bed3f052989a26', '46177dc6426deb64868455d85f5853b0546d5478c60d958bd89c0a20be5656c1');
INSERT INTO public.thoughts VALUES (181, '01a21287-3006-79a8-8d89-09c5cc17d2f8', 'task-1', 30, 'reflection', 'agent-1', '\x726f756e64203330206f66207461736b2d313a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":30,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.270Z', '7d859e5ed451cccbeb71d56fc77e370d7f7c89a6342c96686f8e4dcf57ac23e8', 'b6b5d2a5c60960f5304d6639dfb0f56c4abc051db8388858814d6d64e279208f');
INSERT INTO public.thoughts VALUES (182, '01a21287-3009-7f80-a252-932bd8fd88f5', 'task-2', 30, 'plan', 'agent-2', '\x726f756e64203330206f66207461736b2d323a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.273Z', '268cff95edb951125d9000607b71025387cf78f909467d11ed76ca774ab72022', 'b6cefffd589a1e0a500ca8c07b0e7b1c984e6c3d6568bdb44c2dc9eee684b971');
INSERT INTO public.thoughts VALUES (183, '01a21287-300b-79dd-9a21-1182689657a0', 'task-3', 30, 'analysis', 'agent-0', '\x726f756e64203330206f66207461736b2d333a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.275Z', 'c9f94c44f17e7f3b813c5772223681ec030878e0c1d1c88cd7064ebf7f67a026', '9d662021a954ae49c72344fb02ae52fe76a4ef774244ce3893e154a4362d61db');
INSERT INTO public.thoughts VALUES (184, '01a21287-300e-7346-93b3-9ab89e7c8f62', 'task-4', 30, 'decision', 'agent-1', '\x726f756e64203330206f66207461736b2d343a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.278Z', 'acdfb59db749eddd99a7413f3df62a29c72d8f79363b1c44b41bee5596e14d97', '059da8d1ee3dd8db975a3feeffada7d2ee7d582a2a5d00f1232a15187835c55f');
INSERT INTO public.thoughts VALUES (185, '01a21287-3010-732f-a85f-6dbf309ef989', 'task-5', 30, 'reflection', 'agent-2', '\x726f756e64203330206f66207461736b2d353a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.280Z', '1ddf64e8fd0b2eb75a4c6fc868fa452b6c39a0a81262d2ce656557fc6316b9ca', 'f9fb016fdce7daa72525ac7417f47784704a4c54b4be36a4d7882c776cfcacc3');
INSERT INTO public.thoughts VALUES (186, '01a21287-3012-744b-80ed-209e6b47f1d1', 'task-0', 31, 'reflection', 'agent-0', '\x726f756e64203331206f66207461736b2d303a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.282Z', '46177dc6426deb64868455d85f5853b0546d5478c60d958bd89c0a20be5656c1', '2f639edbbf9d8da47da4ad261c8bb53ce343b40d416df4806d96b475400f4772');
INSERT INTO public.thoughts VALUES (187, '01a21287-3016-7800-aa72-51a74cf7fdcf', 'task-1', 31, 'plan', 'agent-1', '\x726f756e64203331206f66207461736b2d313a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.286Z', 'b6b5d2a5c60960f5304d6639dfb0f56c4abc051db8388858814d6d64e279208f', 'b40bcfb014636c48ccbd2d4a88eedcb0e46d9421d0668228dc8c01fd82adf076');
INSERT INTO public.thoughts VALUES (188, '01a21287-3018-71c6-a9b8-f8efb83dfb86', 'task-2', 31, 'analysis', 'agent-2', '\x726f756e64203331206f66207461736b2d323a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.288Z', 'b6cefffd589a1e0a500ca8c07b0e7b1c984e6c3d6568bdb44c2dc9eee684b971', '30b3dbd97d8cdef3c11b29015324fa16dbfe96a7279acba851e20957c112c79f');
INSERT INTO public.thoughts VALUES (189, '01a21287-301a-72f1-92a4-4c5d90b8b7a8', 'task-3', 31, 'decision', 'agent-0', '\x726f756e64203331206f66207461736b2d333a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.290Z', '9d662021a954ae49c72344fb02ae52fe76a4ef774244ce3893e154a4362d61db', '87d95b0a5a7b7ab9181adcda7d822ff76837ffd678b1c446777c29bffb983597');
INSERT INTO public.thoughts VALUES (190, '01a21287-301c-71b0-ad6f-f2e0d8053b46', 'task-4', 31, 'reflection', 'agent-1', '\x726f756e64203331206f66207461736b2d343a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.292Z', '059da8d1ee3dd8db975a3feeffada7d2ee7d582a2a5d00f1232a15187835c55f', 'a4f374eaa25888e467f15bdd1f84a0797f73edf5bd99a292e2820cef4422b1d7');
INSERT INTO public.thoughts VALUES (191, '01a21287-301d-75c9-af58-4f84ec6a46ce', 'task-5', 31, 'plan', 'agent-2', '\x726f756e64203331206f66207461736b2d353a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.293Z', 'f9fb016fdce7daa72525ac7417f47784704a4c54b4be36a4d7882c776cfcacc3', 'a23dd1ce3d13a0b5c93a4dae28fdec2349183f018ede691a327c777d6a596717');
INSERT INTO public.thoughts VALUES (192, '01a21287-3020-739b-8653-245f10ecec6d', 'task-0', 32, 'plan', 'agent-0', '\x726f756e64203332206f66207461736b2d303a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.296Z', '2f639edbbf9d8da47da4ad261c8bb53ce343b40d416df4806d96b475400f4772', 'd6cc34b53a21290a8b30706990528e78bb26454309074b1df03bca912b3f09ee');
INSERT INTO public.thoughts VALUES (193, '01a21287-3021-7c4f-939a-6d7fa3d9cc13', 'task-1', 32, 'analysis', 'agent-1', '\x726f756e64203332206f66207461736b2d313a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.297Z', 'b40bcfb014636c48ccbd2d4a88eedcb0e46d9421d0668228dc8c01fd82adf076', '0a4e791f0eb6c0a227d2eb14808cf5f056b537a4fb11788274fa642889b0542f');
INSERT INTO public.thoughts VALUES (194, '01a21287-3023-7927-8e5d-01fd152d0db7', 'task-2', 32, 'decision', 'agent-2', '\x726f756e64203332206f66207461736b2d323a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.299Z', '30b3dbd97d8cdef3c11b29015324fa16dbfe96a7279acba851e20957c112c79f', '98d2a21b54f33a36ef7ef27bd3f331f7ee676d4d57221024676048d9d604dc47');
INSERT INTO public.thoughts VALUES (195, '01a21287-3025-7f5f-bc06-c701b483bb14', 'task-3', 32, 'reflection', 'agent-0', '\x726f756e64203332206f66207461736b2d333a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.301Z', '87d95b0a5a7b7ab9181adcda7d822ff76837ffd678b1c446777c29bffb983597', '21219456647b4e38df637dac0e1dc0b550f5ae20114149320b074288f5af6e55');
INSERT INTO public.thoughts VALUES (196, '01a21287-3027-7c5b-9482-319b4b2a0634', 'task-4', 32, 'plan', 'agent-1', '\x726f756e64203332206f66207461736b2d343a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.303Z', 'a4f374eaa25888e467f15bdd1f84a0797f73edf5bd99a292e2820cef4422b1d7', '41b26bc9db3523f47d1a2979080526651b61abd63c262ea9045556bdead84aa7');
INSERT INTO public.thoughts VALUES (197, '01a21287-302b-711d-8774-f0548ff3c4f3', 'task-5', 32, 'analysis', 'agent-2', '\x726f756e64203332206f66207461736b2d353a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.307Z', 'a23dd1ce3d13a0b5c93a4dae28fdec2349183f018ede691a327c777d6a596717', 'da615059b3cc2c1be0df00d880b975d9a7fb0df06eae45c4101dcb0e5ce678b3');
INSERT INTO public.thoughts VALUES (198, '01a21287-302e-7f0c-a754-360b2dddcc63', 'task-0', 33, 'analysis', 'agent-0', '\x726f756e64203333206f66207461736b2d303a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.310Z', 'd6cc34b53a21290a8b30706990528e78bb26454309074b1df03bca912b3f09ee', 'f386d31bbf7d0e15ba528b3c0a7076bf858fc407f460c67fb03ab328692b72a8');
INSERT INTO public.thoughts VALUES (199, '01a21287-3035-7e67-ac47-1e517182b903', 'task-1', 33, 'decision', 'agent-1', '\x726f756e64203333206f66207461736b2d313a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":33,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.317Z', '0a4e791f0eb6c0a227d2eb14808cf5f056b537a4fb11788274fa642889b0542f', '0c016a3e9e90365cf51b0affb93cd93269958c921711170ae03ebc1d788b0e4c');
INSERT INTO public.thoughts VALUES (200, '01a21287-3038-7420-a666-13a06278594c', 'task-2', 33, 'reflection', 'agent-2', '\x726f756e64203333206f66207461736b2d323a2074686520636f6d70617373206e6f746520', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.320Z', '98d2a21b54f33a36ef7ef27bd3f331f7ee676d4d57221024676048d9d604dc47', 'ebdcda5e9891f24436e6c85abb454b32c2fbb8c81cbd97859da6c593486e0ead');
INSERT INTO public.thoughts VALUES (201, '01a21287-303d-7961-a7e7-bd81d6d72d46', 'task-3', 33, 'plan', 'agent-0', '\x726f756e64203333206f66207461736b2d333a207468652071756f6b6b61206e6f74652078', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.325Z', '21219456647b4e38df637dac0e1dc0b550f5ae20114149320b074288f5af6e55', 'a7805b020a78a72417e0921e6eb9ffe0e0af1b7949b0f2faf1930c374ac65e65');
INSERT INTO public.thoughts VALUES (202, '01a21287-3042-77d9-b7c3-679bb77d6f11', 'task-4', 33, 'analysis', 'agent-1', '\x726f756e64203333206f66207461736b2d343a20746865206c6564676572206e6f7465207878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.330Z', '41b26bc9db3523f47d1a2979080526651b61abd63c262ea9045556bdead84aa7', '726aa5dbadcbe4c51932cc70ec91e514d3b62f1136b534092d7e9c3a3e4ad5b2');
INSERT INTO public.thoughts VALUES (203, '01a21287-3044-73fa-a4db-b4d645f92020', 'task-5', 33, 'decision', 'agent-2', '\x726f756e64203333206f66207461736b2d353a20746865206d65726b6c65206e6f746520787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.332Z', 'da615059b3cc2c1be0df00d880b975d9a7fb0df06eae45c4101dcb0e5ce678b3', '61822eb9bfdbcaee6856b48012e0376df5981c35340bbff95181a38775847b17');
INSERT INTO public.thoughts VALUES (204, '01a21287-3047-75e1-8db5-a7bb3a88bd49', 'task-0', 34, 'decision', 'agent-0', '\x726f756e64203334206f66207461736b2d303a2074686520746561706f74206e6f74652078787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.335Z', 'f386d31bbf7d0e15ba528b3c0a7076bf858fc407f460c67fb03ab328692b72a8', 'eaa72649f355b0cc59cc79fdbcb93ce6563fc9b24f4b3bdee7819cce6c2891f7');
INSERT INTO public.thoughts VALUES (205, '01a21287-3049-7c44-a364-8b1e31a56e02', 'task-1', 34, 'reflection', 'agent-1', '\x726f756e64203334206f66207461736b2d313a2074686520636f6d70617373206e6f7465207878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.337Z', '0c016a3e9e90365cf51b0affb93cd93269958c921711170ae03ebc1d788b0e4c', 'decf49e0a5546f3ff234e85c0d439900bb2acf6ca5dbf2c5b843aa5f8ed04da9');
INSERT INTO public.thoughts VALUES (206, '01a21287-304b-7c1c-9411-3f3e634ed529', 'task-2', 34, 'plan', 'agent-2', '\x726f756e64203334206f66207461736b2d323a207468652071756f6b6b61206e6f746520787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.339Z', 'ebdcda5e9891f24436e6c85abb454b32c2fbb8c81cbd97859da6c593486e0ead', 'd32531bdc0229d10c54f43087fd0976e5ab383a02b1a0ab508198497c7f5f908');
INSERT INTO public.thoughts VALUES (207, '01a21287-304d-7a21-b3f3-bf86f194b2f1', 'task-3', 34, 'analysis', 'agent-0', '\x726f756e64203334206f66207461736b2d333a20746865206c6564676572206e6f74652078787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.341Z', 'a7805b020a78a72417e0921e6eb9ffe0e0af1b7949b0f2faf1930c374ac65e65', '4613e0bd5cc603efbda61f0048183bc1654c5efb3177f51506d113a7e3759bef');
INSERT INTO public.thoughts VALUES (208, '01a21287-3050-766b-a31e-003bd8be7a20', 'task-4', 34, 'decision', 'agent-1', '\x726f756e64203334206f66207461736b2d343a20746865206d65726b6c65206e6f7465207878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.344Z', '726aa5dbadcbe4c51932cc70ec91e514d3b62f1136b534092d7e9c3a3e4ad5b2', '54481919e40890b9b48cc5570307c1c2ae0efafbbe0a8d112fab661090d3cfa7');
INSERT INTO public.thoughts VALUES (209, '01a21287-3051-7433-8bc1-1ffc7d13246d', 'task-5', 34, 'reflection', 'agent-2', '\x726f756e64203334206f66207461736b2d353a20746865206b616e6761726f6f206e6f746520787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.345Z', '61822eb9bfdbcaee6856b48012e0376df5981c35340bbff95181a38775847b17', 'c42bb14c61342e3a39236b44bdaa1aa5206a5c8c538e62bc36628a1cd92fe923');
INSERT INTO public.thoughts VALUES (210, '01a21287-3053-7c91-89da-f8a10b0d5de8', 'task-0', 35, 'reflection', 'agent-0', '\x726f756e64203335206f66207461736b2d303a2074686520636f6d70617373206e6f74652078787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.347Z', 'eaa72649f355b0cc59cc79fdbcb93ce6563fc9b24f4b3bdee7819cce6c2891f7', 'a8494870c58dd8f5c2e97f28f3476a121923f001c1f0b8da10eae857e4595663');
INSERT INTO public.thoughts VALUES (211, '01a21287-3055-725a-b9e5-7d1425b2ecad', 'task-1', 35, 'plan', 'agent-1', '\x726f756e64203335206f66207461736b2d313a207468652071756f6b6b61206e6f7465207878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.349Z', 'decf49e0a5546f3ff234e85c0d439900bb2acf6ca5dbf2c5b843aa5f8ed04da9', 'b3cae816e6e4830335bbf22257c4e675630084ec4f9908188276b8a938d835de');
INSERT INTO public.thoughts VALUES (212, '01a21287-3057-70b4-af6b-3744be05353c', 'task-2', 35, 'analysis', 'agent-2', '\x726f756e64203335206f66207461736b2d323a20746865206c6564676572206e6f746520787878787878787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.351Z', 'd32531bdc0229d10c54f43087fd0976e5ab383a02b1a0ab508198497c7f5f908', '2ed64e4d382aebd654ac6303b2ab9f837616e4d98b5d53c4688e7ca79b9db930');
INSERT INTO public.thoughts VALUES (213, '01a21287-3059-728e-8f59-334dbffdb0c6', 'task-3', 35, 'decision', 'agent-0', '\x726f756e64203335206f66207461736b2d333a20746865206d65726b6c65206e6f74652078787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.353Z', '4613e0bd5cc603efbda61f0048183bc1654c5efb3177f51506d113a7e3759bef', '505ad0a979c76a79990e835ba17126844bdd904fb303f6b24fe4fc4eae32bc72');
INSERT INTO public.thoughts VALUES (214, '01a21287-305b-7168-bca3-f4c2982e3821', 'task-4', 35, 'reflection', 'agent-1', '\x726f756e64203335206f66207461736b2d343a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.355Z', '54481919e40890b9b48cc5570307c1c2ae0efafbbe0a8d112fab661090d3cfa7', '37248b9738535527bb9bb374fb56e6bc4f6af9fa761c19c74b9e7fa75d5fe4a5');
INSERT INTO public.thoughts VALUES (215, '01a21287-305d-7f63-91f3-4e108c1e079d', 'task-5', 35, 'plan', 'agent-2', '\x726f756e64203335206f66207461736b2d353a2074686520746561706f74206e6f746520787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.357Z', 'c42bb14c61342e3a39236b44bdaa1aa5206a5c8c538e62bc36628a1cd92fe923', '4aa0bd81806cbc6b8349e66b16759d43ddee27659f476873e2e9d378488510e7');
INSERT INTO public.thoughts VALUES (216, '01a21287-305e-779f-881b-f3f88e1199b5', 'task-0', 36, 'plan', 'agent-0', '\x726f756e64203336206f66207461736b2d303a207468652071756f6b6b61206e6f74652078787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.358Z', 'a8494870c58dd8f5c2e97f28f3476a121923f001c1f0b8da10eae857e4595663', '14bf74f008d4992f2b86f5daa56f5edda2ba2e3e7d9cbb1359e77617d42e4ac6');
INSERT INTO public.thoughts VALUES (217, '01a21287-3061-7b36-95fa-60e3ccd1cd1e', 'task-1', 36, 'analysis', 'agent-1', '\x726f756e64203336206f66207461736b2d313a20746865206c6564676572206e6f7465207878787878787878787878787878787878', '{"confidence":0.5,"n":36,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.361Z', 'b3cae816e6e4830335bbf22257c4e675630084ec4f9908188276b8a938d835de', '1e92a1ee8c4d48199da2e275f660db0901a89e7438c66f6bd0ad7a5f698ad9a4');
INSERT INTO public.thoughts VALUES (218, '01a21287-3064-71e3-9d00-4111a408445d', 'task-2', 36, 'decision', 'agent-2', '\x726f756e64203336206f66207461736b2d323a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.364Z', '2ed64e4d382aebd654ac6303b2ab9f837616e4d98b5d53c4688e7ca79b9db930', 'fd6c81c3c19d2e8d72a1d1cfd55075d40f13efadce6aaa82914a8ded8a8ddaa5');
INSERT INTO public.thoughts VALUES (219, '01a21287-3067-7e6d-8978-dab14559d067', 'task-3', 36, 'reflection', 'agent-0', '\x726f756e64203336206f66207461736b2d333a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.367Z', '505ad0a979c76a79990e835ba17126844bdd904fb303f6b24fe4fc4eae32bc72', 'd17954fb5938dd2d91f14d2a37e6660593660a366ba174379f094e55583c7c3f');
INSERT INTO public.thoughts VALUES (220, '01a21287-3068-74ca-b333-b95f4546c9c6', 'task-4', 36, 'plan', 'agent-1', '\x726f756e64203336206f66207461736b2d343a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.368Z', '37248b9738535527bb9bb374fb56e6bc4f6af9fa761c19c74b9e7fa75d5fe4a5', '1c865469ab01a341954faa1ce6784621ffd7dcc5c4f920125aefc755523d3708');
INSERT INTO public.thoughts VALUES (221, '01a21287-3069-7f27-9eeb-910d03566494', 'task-5', 36, 'analysis', 'agent-2', '\x726f756e64203336206f66207461736b2d353a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.369Z', '4aa0bd81806cbc6b8349e66b16759d43ddee27659f476873e2e9d378488510e7', 'c1049582e98a80804cb0762b99d57d720efca916ebe69e2657a87975e091c701');
INSERT INTO public.thoughts VALUES (222, '01a21287-306b-79ff-a865-ee2a2a2a8ddb', 'task-0', 37, 'analysis', 'agent-0', '\x726f756e64203337206f66207461736b2d303a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.371Z', '14bf74f008d4992f2b86f5daa56f5edda2ba2e3e7d9cbb1359e77617d42e4ac6', '279ee44a707002e497103c9dfd55400b567d573ad3dcf7659cea4747e19f47c9');
INSERT INTO public.thoughts VALUES (223, '01a21287-306d-70ab-b43a-f4105912fdc2', 'task-1', 37, 'decision', 'agent-1', '\x726f756e64203337206f66207461736b2d313a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.373Z', '1e92a1ee8c4d48199da2e275f660db0901a89e7438c66f6bd0ad7a5f698ad9a4', '2c21c74000853ae46a9e71a398fad4afd1ce4d278411ff119c54a114d236bf37');
INSERT INTO public.thoughts VALUES (224, '01a21287-306e-7dfe-8ba2-5891ea330e5c', 'task-2', 37, 'reflection', 'agent-2', '\x726f756e64203337206f66207461736b2d323a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.374Z', 'fd6c81c3c19d2e8d72a1d1cfd55075d40f13efadce6aaa82914a8ded8a8ddaa5', '9d9aa24b4034dc7a5ed4c51a0e00812c4045a3753aa3fa0313081b927e692e29');
INSERT INTO public.thoughts VALUES (225, '01a21287-3070-7e5c-9f42-38087409394e', 'task-3', 37, 'plan', 'agent-0', '\x726f756e64203337206f66207461736b2d333a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.376Z', 'd17954fb5938dd2d91f14d2a37e6660593660a366ba174379f094e55583c7c3f', 'f135c860b881931aca74a50e5ac93e704e060ee232c36a15425e8651b5a877e7');
INSERT INTO public.thoughts VALUES (226, '01a21287-3071-7ade-b082-e0796091da2e', 'task-4', 37, 'analysis', 'agent-1', '\x726f756e64203337206f66207461736b2d343a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.377Z', '1c865469ab01a341954faa1ce6784621ffd7dcc5c4f920125aefc755523d3708', '32a113c38646ca0013901d914e5f5725a32863d870e998f0a1f5f9c8c295299c');
INSERT INTO public.thoughts VALUES (227, '01a21287-3073-7015-9e6d-0035c622adc3', 'task-5', 37, 'decision', 'agent-2', '\x726f756e64203337206f66207461736b2d353a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.379Z', 'c1049582e98a80804cb0762b99d57d720efca916ebe69e2657a87975e091c701', 'dcb1cf06663d7bf0366c15784166b497b991132a796b877d1f94a0e6af94b054');
INSERT INTO public.thoughts VALUES (228, '01a21287-3075-7922-a72d-bd345cedae69', 'task-0', 38, 'decision', 'agent-0', '\x726f756e64203338206f66207461736b2d303a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.381Z', '279ee44a707002e497103c9dfd55400b567d573ad3dcf7659cea4747e19f47c9', 'f352f6fed537a41a79804e99f4b26db8f5965779a78d436646c941f67b646cbd');
INSERT INTO public.thoughts VALUES (229, '01a21287-3076-74ef-ae9c-581160389bd7', 'task-1', 38, 'reflection', 'agent-1', '\x726f756e64203338206f66207461736b2d313a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.382Z', '2c21c74000853ae46a9e71a398fad4afd1ce4d278411ff119c54a114d236bf37', '3a37b3b09f29a179608cf8250b783473839543a85827904c8d6d74a974abbb87');
INSERT INTO public.thoughts VALUES (230, '01a21287-3077-711c-9ed6-66e720afae07', 'task-2', 38, 'plan', 'agent-2', '\x726f756e64203338206f66207461736b2d323a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.383Z', '9d9aa24b4034dc7a5ed4c51a0e00812c4045a3753aa3fa0313081b927e692e29', '470e8c87329b7319b5a40dadd6a9425b36011791efe9cf77db0a9ff1e8f04bf9');
INSERT INTO public.thoughts VALUES (231, '01a21287-3079-787e-91b6-80440b9fa9e5', 'task-3', 38, 'analysis', 'agent-0', '\x726f756e64203338206f66207461736b2d333a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.385Z', 'f135c860b881931aca74a50e5ac93e704e060ee232c36a15425e8651b5a877e7', '06dad8f08abe156ddf13674406b4742e2c6257da20a54202d7164846ee753c46');
INSERT INTO public.thoughts VALUES (232, '01a21287-307b-7dd9-8e37-baf5d590d982', 'task-4', 38, 'decision', 'agent-1', '\x726f756e64203338206f66207461736b2d343a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.387Z', '32a113c38646ca0013901d914e5f5725a32863d870e998f0a1f5f9c8c295299c', 'f866c9758b215c4d947a34047c0aeeffc9e961ca6503e01b4186ba0b06cb4f66');
INSERT INTO public.thoughts VALUES (233, '01a21287-307d-7d0c-af4a-4fda80899119', 'task-5', 38, 'reflection', 'agent-2', '\x726f756e64203338206f66207461736b2d353a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.389Z', 'dcb1cf06663d7bf0366c15784166b497b991132a796b877d1f94a0e6af94b054', '718738a9fc3d5f9b54550afd62c06138c80da55a9ffc08660ce4cf53df5c98fe');
INSERT INTO public.thoughts VALUES (234, '01a21287-307e-713b-a093-df97c7220078', 'task-0', 39, 'reflection', 'agent-0', '\x726f756e64203339206f66207461736b2d303a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.390Z', 'f352f6fed537a41a79804e99f4b26db8f5965779a78d436646c941f67b646cbd', '57889c7beca3d4a9e3a80e76dacfb0b6968d3076a257e31ab4728af9709b7619');
INSERT INTO public.thoughts VALUES (235, '01a21287-3080-79b3-b07d-d0e44883c58a', 'task-1', 39, 'plan', 'agent-1', '\x726f756e64203339206f66207461736b2d313a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":39,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.392Z', '3a37b3b09f29a179608cf8250b783473839543a85827904c8d6d74a974abbb87', 'cfed188a160ef282ffd26128166b386e5c876a4f2abdc824991c9cf9ae5013f2');
INSERT INTO public.thoughts VALUES (236, '01a21287-3081-7e1e-80d2-24ee513fd448', 'task-2', 39, 'analysis', 'agent-2', '\x726f756e64203339206f66207461736b2d323a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-3', NULL, '2026-11-25T11:46:19.393Z', '470e8c87329b7319b5a40dadd6a9425b36011791efe9cf77db0a9ff1e8f04bf9', '603a799bf9cfdae01b4db29a5b73a895e60630a8f9e94abffc6ac8f84325aa84');
INSERT INTO public.thoughts VALUES (237, '01a21287-3084-7617-82ca-7e27331d13b1', 'task-3', 39, 'decision', 'agent-0', '\x726f756e64203339206f66207461736b2d333a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.396Z', '06dad8f08abe156ddf13674406b4742e2c6257da20a54202d7164846ee753c46', '15499c1fe095b12697b99959665f3c518c3ab027272efd5e2b797a769a9b3f50');
INSERT INTO public.thoughts VALUES (238, '01a21287-3085-718a-85d4-9cea1f4117aa', 'task-4', 39, 'reflection', 'agent-1', '\x726f756e64203339206f66207461736b2d343a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.397Z', 'f866c9758b215c4d947a34047c0aeeffc9e961ca6503e01b4186ba0b06cb4f66', '95ff7ccb4f849779ac8e9c97758ab217a73f99d2f22056364b015e6d556ddc6a');
INSERT INTO public.thoughts VALUES (239, '01a21287-3087-7319-8cab-42b7b4e9544d', 'task-5', 39, 'plan', 'agent-2', '\x726f756e64203339206f66207461736b2d353a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.399Z', '718738a9fc3d5f9b54550afd62c06138c80da55a9ffc08660ce4cf53df5c98fe', '4dee660009679c8bbe00944927181931b7e1bbab7cd1da27bed2a2225f4cdad3');
INSERT INTO public.thoughts VALUES (240, '01a21287-3088-7503-8455-b9a51d363bc4', 'task-0', 40, 'plan', 'agent-0', '\x726f756e64203430206f66207461736b2d303a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.400Z', '57889c7beca3d4a9e3a80e76dacfb0b6968d3076a257e31ab4728af9709b7619', '012147baf7d5f7786d710624712ef7d5be90583bd0e6ff341cd953553572fae2');
INSERT INTO public.thoughts VALUES (241, '01a21287-308a-72b4-8c60-a9f08dfbbdb1', 'task-1', 40, 'analysis', 'agent-1', '\x726f756e64203430206f66207461736b2d313a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.402Z', 'cfed188a160ef282ffd26128166b386e5c876a4f2abdc824991c9cf9ae5013f2', 'fc18e80f9c2e7673f6c1542d098cdfb58ed827c9e42bd3d50cec76f87e3bfb4c');
INSERT INTO public.thoughts VALUES (242, '01a21287-308b-7014-b575-539799ab7614', 'task-2', 40, 'decision', 'agent-2', '\x726f756e64203430206f66207461736b2d323a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.403Z', '603a799bf9cfdae01b4db29a5b73a895e60630a8f9e94abffc6ac8f84325aa84', '170d1c7dcecc4ec4ff82f19183408dda7d432bed31521e0375f3e2322b7a31f2');
INSERT INTO public.thoughts VALUES (243, '01a21287-308d-79e3-b545-e738d3a40e5f', 'task-3', 40, 'reflection', 'agent-0', '\x726f756e64203430206f66207461736b2d333a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.405Z', '15499c1fe095b12697b99959665f3c518c3ab027272efd5e2b797a769a9b3f50', 'd2d8197305e163150ab3ade3c24d42506a19877044c746e36e22f70599b0c200');
INSERT INTO public.thoughts VALUES (244, '01a21287-308f-7ee3-ae25-5938abc79983', 'task-4', 40, 'plan', 'agent-1', '\x726f756e64203430206f66207461736b2d343a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.407Z', '95ff7ccb4f849779ac8e9c97758ab217a73f99d2f22056364b015e6d556ddc6a', '935da8d94acc85c98d773e5129e5fc3e91dd89c1de7cbb101636e78ea1f8bcb6');
INSERT INTO public.thoughts VALUES (245, '01a21287-3090-7948-93d3-4286ca57a161', 'task-5', 40, 'analysis', 'agent-2', '\x726f756e64203430206f66207461736b2d353a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.408Z', '4dee660009679c8bbe00944927181931b7e1bbab7cd1da27bed2a2225f4cdad3', '0cbc29864e391d7551bd4f26d3a1e81b300c3f8691bdd8b8555ee8169ef422f5');
INSERT INTO public.thoughts VALUES (246, '01a21287-3092-791f-8394-1c2304f91929', 'task-0', 41, 'analysis', 'agent-0', '\x726f756e64203431206f66207461736b2d303a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.410Z', '012147baf7d5f7786d710624712ef7d5be90583bd0e6ff341cd953553572fae2', 'ebec968637eb1576c2dfe2a11f746d4a1c54b04e4f9ac09a1291c1c0d65cd80e');
INSERT INTO public.thoughts VALUES (247, '01a21287-3093-7bfa-a869-b7adba9e004d', 'task-1', 41, 'decision', 'agent-1', '\x726f756e64203431206f66207461736b2d313a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.411Z', 'fc18e80f9c2e7673f6c1542d098cdfb58ed827c9e42bd3d50cec76f87e3bfb4c', '0a4df0740c34b2bb191c228b1abb7b10866be938eed8d484dfb809df49720ae3');
INSERT INTO public.thoughts VALUES (248, '01a21287-3095-75b4-b752-41f6068266e7', 'task-2', 41, 'reflection', 'agent-2', '\x726f756e64203431206f66207461736b2d323a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.413Z', '170d1c7dcecc4ec4ff82f19183408dda7d432bed31521e0375f3e2322b7a31f2', '1a8f466d124afe99918a5d74c61eeccb993634d099ac1f8f2bfd1875d78d4fb7');
INSERT INTO public.thoughts VALUES (249, '01a21287-3096-7854-b776-1fcb55a30777', 'task-3', 41, 'plan', 'agent-0', '\x726f756e64203431206f66207461736b2d333a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.414Z', 'd2d8197305e163150ab3ade3c24d42506a19877044c746e36e22f70599b0c200', 'bff03d6274d15e6d257de0ba88a89ca1413e0d30a6862a6536437434dc33f82b');
INSERT INTO public.thoughts VALUES (250, '01a21287-3098-7eda-979b-4ceb83a3f944', 'task-4', 41, 'analysis', 'agent-1', '\x726f756e64203431206f66207461736b2d343a20746865206b616e6761726f6f206e6f746520', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.416Z', '935da8d94acc85c98d773e5129e5fc3e91dd89c1de7cbb101636e78ea1f8bcb6', '152ab741117f2b8a95376aa7a054bf227e52df7d1555fb4ca5d1f23957446c39');
INSERT INTO public.thoughts VALUES (251, '01a21287-3099-72a2-a952-aaba202429c6', 'task-5', 41, 'decision', 'agent-2', '\x726f756e64203431206f66207461736b2d353a2074686520746561706f74206e6f74652078', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.417Z', '0cbc29864e391d7551bd4f26d3a1e81b300c3f8691bdd8b8555ee8169ef422f5', 'c5541082d3a09b5b82d62eeed3e237f04f8fa46dbf700e7ccee9f53d030d3dc5');
INSERT INTO public.thoughts VALUES (252, '01a21287-309b-7b8f-b33f-d681db59fbc9', 'task-0', 42, 'decision', 'agent-0', '\x726f756e64203432206f66207461736b2d303a207468652071756f6b6b61206e6f7465207878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.419Z', 'ebec968637eb1576c2dfe2a11f746d4a1c54b04e4f9ac09a1291c1c0d65cd80e', '787a4d62096d03d46c6e283f4eeae1a2fdde8b23be9005a3e35779b770108649');
INSERT INTO public.thoughts VALUES (253, '01a21287-309c-7fa6-829a-43526cfc3b58', 'task-1', 42, 'reflection', 'agent-1', '\x726f756e64203432206f66207461736b2d313a20746865206c6564676572206e6f746520787878', '{"confidence":0.5,"n":42,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.420Z', '0a4df0740c34b2bb191c228b1abb7b10866be938eed8d484dfb809df49720ae3', 'a4d748605d283f5127b03d052a5c8ba58c05b337b1b0f2a2033916d55470e44f');
INSERT INTO public.thoughts VALUES (254, '01a21287-309e-7233-a04f-035a4841b0b7', 'task-2', 42, 'plan', 'agent-2', '\x726f756e64203432206f66207461736b2d323a20746865206d65726b6c65206e6f74652078787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.422Z', '1a8f466d124afe99918a5d74c61eeccb993634d099ac1f8f2bfd1875d78d4fb7', '4091a55e85221a77ec068572da2543e73f7369da31cbeec9434fcd097d6e41a5');
INSERT INTO public.thoughts VALUES (255, '01a21287-309f-7f43-8b4d-c3c7af1e7558', 'task-3', 42, 'analysis', 'agent-0', '\x726f756e64203432206f66207461736b2d333a20746865206b616e6761726f6f206e6f7465207878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.423Z', 'bff03d6274d15e6d257de0ba88a89ca1413e0d30a6862a6536437434dc33f82b', '56367a3f80f4cc1369896191c02366004537ebb4e3f585bb0c221e2f04e5a57c');
INSERT INTO public.thoughts VALUES (256, '01a21287-30a1-7e40-af75-1142d08979a1', 'task-4', 42, 'decision', 'agent-1', '\x726f756e64203432206f66207461736b2d343a2074686520746561706f74206e6f746520787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.425Z', '152ab741117f2b8a95376aa7a054bf227e52df7d1555fb4ca5d1f23957446c39', 'd017d7c1cdb66f953733ad2531c9564acac01c072eeb5f31ec1f16e2b8ec025a');
INSERT INTO public.thoughts VALUES (257, '01a21287-30a2-72ed-acff-3e3cf13a4f42', 'task-5', 42, 'reflection', 'agent-2', '\x726f756e64203432206f66207461736b2d353a2074686520636f6d70617373206e6f74652078787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.426Z', 'c5541082d3a09b5b82d62eeed3e237f04f8fa46dbf700e7ccee9f53d030d3dc5', '43e16a50e8050c85adc4a4f873038f9dfbeffb5a6dcf60e19dd5337ecaf75f79');
INSERT INTO public.thoughts VALUES (258, '01a21287-30a4-7749-8354-5770d6846a29', 'task-0', 43, 'reflection', 'agent-0', '\x726f756e64203433206f66207461736b2d303a20746865206c6564676572206e6f7465207878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.428Z', '787a4d62096d03d46c6e283f4eeae1a2fdde8b23be9005a3e35779b770108649', '8ec030c16a6dc229bbf47c592a657ff049e9037cce2c20cf3c59d9f022f69f29');
INSERT INTO public.thoughts VALUES (259, '01a21287-30a6-7f91-8547-9a7b8a671405', 'task-1', 43, 'plan', 'agent-1', '\x726f756e64203433206f66207461736b2d313a20746865206d65726b6c65206e6f746520787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.430Z', 'a4d748605d283f5127b03d052a5c8ba58c05b337b1b0f2a2033916d55470e44f', '261a9e2a219e22a0d4f9a1a66d20a543ed141062a8dbd20b838e195cafdd5b88');
INSERT INTO public.thoughts VALUES (260, '01a21287-30a7-7e71-8120-7a615c054f03', 'task-2', 43, 'analysis', 'agent-2', '\x726f756e64203433206f66207461736b2d323a20746865206b616e6761726f6f206e6f74652078787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.431Z', '4091a55e85221a77ec068572da2543e73f7369da31cbeec9434fcd097d6e41a5', '7d0fdc1a23a19fc45a9dca6037a8db199fc54b53cf9ae45974c98e86330770d5');
INSERT INTO public.thoughts VALUES (261, '01a21287-30a8-7309-a956-28e34e51cf64', 'task-3', 43, 'decision', 'agent-0', '\x726f756e64203433206f66207461736b2d333a2074686520746561706f74206e6f7465207878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.432Z', '56367a3f80f4cc1369896191c02366004537ebb4e3f585bb0c221e2f04e5a57c', 'b4caee21d32f592397b77fa229febae20c93d5a3d815d3a903778b31025bd683');
INSERT INTO public.thoughts VALUES (262, '01a21287-30b2-75d3-bf47-1cd75abdd29f', 'task-4', 43, 'reflection', 'agent-1', '\x726f756e64203433206f66207461736b2d343a2074686520636f6d70617373206e6f746520787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.442Z', 'd017d7c1cdb66f953733ad2531c9564acac01c072eeb5f31ec1f16e2b8ec025a', 'e7c8a39f1c414b3d2a3bdc09953fdc8dc843ca4f9953ae56a02a69f93127b3f7');
INSERT INTO public.thoughts VALUES (263, '01a21287-30b8-79fc-bf89-041a6a9f18a8', 'task-5', 43, 'plan', 'agent-2', '\x726f756e64203433206f66207461736b2d353a207468652071756f6b6b61206e6f74652078787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.448Z', '43e16a50e8050c85adc4a4f873038f9dfbeffb5a6dcf60e19dd5337ecaf75f79', '666556e614cedbafdfd2a4235ef08bd1686caf1c37b7c8d019052d5319d3a27a');
INSERT INTO public.thoughts VALUES (264, '01a21287-30be-7f84-9dc4-43f4c4eddbfd', 'task-0', 44, 'plan', 'agent-0', '\x726f756e64203434206f66207461736b2d303a20746865206d65726b6c65206e6f7465207878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.454Z', '8ec030c16a6dc229bbf47c592a657ff049e9037cce2c20cf3c59d9f022f69f29', 'ea8b97946712c4dbea7678f8fbb8b0125ca5930b804f42a7ae5dc857a1a1b02d');
INSERT INTO public.thoughts VALUES (265, '01a21287-30c3-7182-ac8e-4acce1b21a2c', 'task-1', 44, 'analysis', 'agent-1', '\x726f756e64203434206f66207461736b2d313a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.459Z', '261a9e2a219e22a0d4f9a1a66d20a543ed141062a8dbd20b838e195cafdd5b88', '2c8176e7f3f83fdcef2de3e1defd6f64807960e708159a49830bee6ce7e0d2a0');
INSERT INTO public.thoughts VALUES (266, '01a21287-30c7-7b31-aa3e-0f38c6daf955', 'task-2', 44, 'decision', 'agent-2', '\x726f756e64203434206f66207461736b2d323a2074686520746561706f74206e6f74652078787878787878787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.463Z', '7d0fdc1a23a19fc45a9dca6037a8db199fc54b53cf9ae45974c98e86330770d5', 'c36aad370214c90fbd6bcc5be843672334bf2791b74d862475647fa49015ba77');
INSERT INTO public.thoughts VALUES (267, '01a21287-30cd-7ef5-8c25-e0336c8babdb', 'task-3', 44, 'reflection', 'agent-0', '\x726f756e64203434206f66207461736b2d333a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.469Z', 'b4caee21d32f592397b77fa229febae20c93d5a3d815d3a903778b31025bd683', '94ad9d93014d49c6220b18fc6da5d744846b13ec0bce4652ac27a4dacae5a850');
INSERT INTO public.thoughts VALUES (268, '01a21287-30d4-7bda-8337-875b53c5ef8d', 'task-4', 44, 'plan', 'agent-1', '\x726f756e64203434206f66207461736b2d343a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.476Z', 'e7c8a39f1c414b3d2a3bdc09953fdc8dc843ca4f9953ae56a02a69f93127b3f7', '1dde3eb3f316540416830ead3ddff3414fa5fdfe3fe000a5a1f3e058d6b0365c');
INSERT INTO public.thoughts VALUES (269, '01a21287-30d6-7004-89c7-21a4a731e817', 'task-5', 44, 'analysis', 'agent-2', '\x726f756e64203434206f66207461736b2d353a20746865206c6564676572206e6f74652078787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.478Z', '666556e614cedbafdfd2a4235ef08bd1686caf1c37b7c8d019052d5319d3a27a', 'e33dbb5a5c8ba51c64fd3c8d3176670541ccc2972abeccd955c3faff62c23615');
INSERT INTO public.thoughts VALUES (270, '01a21287-30d9-77f5-b27f-bbc7824a1f7e', 'task-0', 45, 'analysis', 'agent-0', '\x726f756e64203435206f66207461736b2d303a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.481Z', 'ea8b97946712c4dbea7678f8fbb8b0125ca5930b804f42a7ae5dc857a1a1b02d', '8740019470bfaacfbe6e883b1c72da8ab5299c8c6797c12d679e096a12d81c05');
INSERT INTO public.thoughts VALUES (271, '01a21287-30da-7480-b65e-070a5cf993a4', 'task-1', 45, 'decision', 'agent-1', '\x726f756e64203435206f66207461736b2d313a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878', '{"confidence":0.5,"n":45,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.482Z', '2c8176e7f3f83fdcef2de3e1defd6f64807960e708159a49830bee6ce7e0d2a0', '4341824cd00d1f833e202858e4ac95cd0ba1dd630419d6a327beba7855d1ae4b');
INSERT INTO public.thoughts VALUES (272, '01a21287-30df-7212-93cf-2d4e8f73826c', 'task-2', 45, 'reflection', 'agent-2', '\x726f756e64203435206f66207461736b2d323a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.487Z', 'c36aad370214c90fbd6bcc5be843672334bf2791b74d862475647fa49015ba77', 'fa9256d250f679f1f3e4a6b6f2dce5868d215f860146f50e2b7496283f04e901');
INSERT INTO public.thoughts VALUES (273, '01a21287-30e0-7f29-ac37-3e3f96d2f751', 'task-3', 45, 'plan', 'agent-0', '\x726f756e64203435206f66207461736b2d333a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.488Z', '94ad9d93014d49c6220b18fc6da5d744846b13ec0bce4652ac27a4dacae5a850', '75394f75071bdc1bf4753feb255d4c1c216877e0c905b7f32ca7a9c5478b9955');
INSERT INTO public.thoughts VALUES (274, '01a21287-30e2-7ef8-ac92-ab8092b52376', 'task-4', 45, 'analysis', 'agent-1', '\x726f756e64203435206f66207461736b2d343a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.490Z', '1dde3eb3f316540416830ead3ddff3414fa5fdfe3fe000a5a1f3e058d6b0365c', '14b84ca45f961dd7d6aa38365a8f7f17e4ffe42b8230b0760ce5b0adca9163c5');
INSERT INTO public.thoughts VALUES (275, '01a21287-30e5-777c-b679-3860d311d6cd', 'task-5', 45, 'decision', 'agent-2', '\x726f756e64203435206f66207461736b2d353a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.493Z', 'e33dbb5a5c8ba51c64fd3c8d3176670541ccc2972abeccd955c3faff62c23615', 'e3c3f9c909314a6ac086761a66db12ab6b59488f7acad95eadcbb20f670b3ab0');
INSERT INTO public.thoughts VALUES (276, '01a21287-30e6-77f5-83f2-3a47f0163056', 'task-0', 46, 'decision', 'agent-0', '\x726f756e64203436206f66207461736b2d303a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.494Z', '8740019470bfaacfbe6e883b1c72da8ab5299c8c6797c12d679e096a12d81c05', '26fa1da731a8a7e97d4f8f663b3063387d054e9270244c29d2516a8927792ee3');
INSERT INTO public.thoughts VALUES (277, '01a21287-30e8-73c0-80d8-e7846279a280', 'task-1', 46, 'reflection', 'agent-1', '\x726f756e64203436206f66207461736b2d313a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.496Z', '4341824cd00d1f833e202858e4ac95cd0ba1dd630419d6a327beba7855d1ae4b', '4640fc1e24f58b0ed92b68f354fe20e77868e51ca518f8209a2559c3835b37ca');
INSERT INTO public.thoughts VALUES (278, '01a21287-30eb-727d-9a5e-9f6ae0906961', 'task-2', 46, 'plan', 'agent-2', '\x726f756e64203436206f66207461736b2d323a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.499Z', 'fa9256d250f679f1f3e4a6b6f2dce5868d215f860146f50e2b7496283f04e901', '5a2063e8314360f951331f546b1a5b5d669e333b26f27080fe7fd416cea6464e');
INSERT INTO public.thoughts VALUES (279, '01a21287-30ed-729a-8949-1396e25db92d', 'task-3', 46, 'analysis', 'agent-0', '\x726f756e64203436206f66207461736b2d333a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.501Z', '75394f75071bdc1bf4753feb255d4c1c216877e0c905b7f32ca7a9c5478b9955', '982464359ff3f8b8443785ba5537149b7be633d45e33670e4ddfd622ed8b54b5');
INSERT INTO public.thoughts VALUES (280, '01a21287-30ef-75f5-9ece-a3a2d5b81c89', 'task-4', 46, 'decision', 'agent-1', '\x726f756e64203436206f66207461736b2d343a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.503Z', '14b84ca45f961dd7d6aa38365a8f7f17e4ffe42b8230b0760ce5b0adca9163c5', '4661f7b977a40493864ec59b9660792cc7521c26761b32c451013ae3f1d26629');
INSERT INTO public.thoughts VALUES (281, '01a21287-30f0-751c-a998-8ae656bfe607', 'task-5', 46, 'reflection', 'agent-2', '\x726f756e64203436206f66207461736b2d353a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.504Z', 'e3c3f9c909314a6ac086761a66db12ab6b59488f7acad95eadcbb20f670b3ab0', '8d14988560c79a37e75f19bbe3f546d5c6dc525c7c45588bf28e5ba70b2e4d53');
INSERT INTO public.thoughts VALUES (282, '01a21287-30f2-732d-9db0-3f44bef9f524', 'task-0', 47, 'reflection', 'agent-0', '\x726f756e64203437206f66207461736b2d303a2074686520636f6d70617373206e6f7465207878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.506Z', '26fa1da731a8a7e97d4f8f663b3063387d054e9270244c29d2516a8927792ee3', 'e66dece0312d4181706c4246eadf12e63c8df943b058ad06416b9300ccd4b246');
INSERT INTO public.thoughts VALUES (283, '01a21287-30f4-7fe8-9baa-8c636c0a0751', 'task-1', 47, 'plan', 'agent-1', '\x726f756e64203437206f66207461736b2d313a207468652071756f6b6b61206e6f746520787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.508Z', '4640fc1e24f58b0ed92b68f354fe20e77868e51ca518f8209a2559c3835b37ca', '80b509bc8a257a5daea82fe234346197ea79e0701ae8289516770e9d5c00c3a8');
INSERT INTO public.thoughts VALUES (284, '01a21287-30f6-7b41-ac4b-31a143b9739b', 'task-2', 47, 'analysis', 'agent-2', '\x726f756e64203437206f66207461736b2d323a20746865206c6564676572206e6f74652078787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.510Z', '5a2063e8314360f951331f546b1a5b5d669e333b26f27080fe7fd416cea6464e', '3dc82b92ed032d36bfefb2b69dcd7a0fd6996ced137d007a9b80a65c7f35cd1e');
INSERT INTO public.thoughts VALUES (285, '01a21287-30f9-75cf-a7a3-9d2689635109', 'task-3', 47, 'decision', 'agent-0', '\x726f756e64203437206f66207461736b2d333a20746865206d65726b6c65206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.513Z', '982464359ff3f8b8443785ba5537149b7be633d45e33670e4ddfd622ed8b54b5', 'df3b0bba1190bc761c0b77ca04bc675ff63fc0784fcc0428dc9837c5523841ba');
INSERT INTO public.thoughts VALUES (286, '01a21287-30fb-7f95-bb1c-150305f867c0', 'task-4', 47, 'reflection', 'agent-1', '\x726f756e64203437206f66207461736b2d343a20746865206b616e6761726f6f206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.515Z', '4661f7b977a40493864ec59b9660792cc7521c26761b32c451013ae3f1d26629', '644fab7e415dd0d2e51ee94986296e5b212630ff37122b00828d8710a12842c0');
INSERT INTO public.thoughts VALUES (287, '01a21287-30fc-784f-98f6-00319a4229e5', 'task-5', 47, 'plan', 'agent-2', '\x726f756e64203437206f66207461736b2d353a2074686520746561706f74206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.516Z', '8d14988560c79a37e75f19bbe3f546d5c6dc525c7c45588bf28e5ba70b2e4d53', '4ee47e31b18c3fefcee73ab35bcff8bbd9cae6db82f27d603d3077cbae037380');
INSERT INTO public.thoughts VALUES (288, '01a21287-30ff-73c9-9ea9-9cdffc0b0437', 'task-0', 48, 'plan', 'agent-0', '\x726f756e64203438206f66207461736b2d303a207468652071756f6b6b61206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.519Z', 'e66dece0312d4181706c4246eadf12e63c8df943b058ad06416b9300ccd4b246', '2f0cdda224287c641575059b1136f4f2005f209b02990d8364c3ccc13cb9d701');
INSERT INTO public.thoughts VALUES (289, '01a21287-3101-7568-8e82-a32ccc205a1a', 'task-1', 48, 'analysis', 'agent-1', '\x726f756e64203438206f66207461736b2d313a20746865206c6564676572206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878', '{"confidence":0.5,"n":48,"tools":["grep"]}', NULL, NULL, NULL, '2026-11-25T11:46:19.521Z', '80b509bc8a257a5daea82fe234346197ea79e0701ae8289516770e9d5c00c3a8', 'c15535bd22da1f3bcb6d8f8012301b1e0d77a58e828a6307c0de200a56c7e9f9');
INSERT INTO public.thoughts VALUES (290, '01a21287-3102-7c22-8c8d-807679dc94ab', 'task-2', 48, 'decision', 'agent-2', '\x726f756e64203438206f66207461736b2d323a20746865206d65726b6c65206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.522Z', '3dc82b92ed032d36bfefb2b69dcd7a0fd6996ced137d007a9b80a65c7f35cd1e', '134b95339138855b30111e2c1226ca92b7b9038d69098f08f574c59aa9e8157b');
INSERT INTO public.thoughts VALUES (291, '01a21287-3105-752f-bc03-30abd97ae8d6', 'task-3', 48, 'reflection', 'agent-0', '\x726f756e64203438206f66207461736b2d333a20746865206b616e6761726f6f206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, '{"runtime_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468","static_hash":"9799bbfa4bfc95674de512bb2bb007ab04ae944c85afdc0145ab20a2c201d468"}', NULL, NULL, '2026-11-25T11:46:19.525Z', 'df3b0bba1190bc761c0b77ca04bc675ff63fc0784fcc0428dc9837c5523841ba', 'cbd0e027a563c850e2f5feef37da68075a735d7379215d2acd8b8292b4271f04');
INSERT INTO public.thoughts VALUES (292, '01a21287-3107-74ee-b2d4-c335c47712a4', 'task-4', 48, 'plan', 'agent-1', '\x726f756e64203438206f66207461736b2d343a2074686520746561706f74206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.527Z', '644fab7e415dd0d2e51ee94986296e5b212630ff37122b00828d8710a12842c0', '08882b363bac752d83f1b7ea8511991ab10fb034be35a3ea3c15bb3e3a81d378');
INSERT INTO public.thoughts VALUES (293, '01a21287-3109-7f3d-a9e2-1c61c04c87e2', 'task-5', 48, 'analysis', 'agent-2', '\x726f756e64203438206f66207461736b2d353a2074686520636f6d70617373206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.529Z', '4ee47e31b18c3fefcee73ab35bcff8bbd9cae6db82f27d603d3077cbae037380', '84d1cac2bd389640538838ff85a0ac78b0086d9fbe4a22045c04ed97d78eb491');
INSERT INTO public.thoughts VALUES (294, '01a21287-310b-79f2-b0f4-eb888edf93d9', 'task-0', 49, 'analysis', 'agent-0', '\x726f756e64203439206f66207461736b2d303a20746865206c6564676572206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.531Z', '2f0cdda224287c641575059b1136f4f2005f209b02990d8364c3ccc13cb9d701', '2ee03f8a70917b8788a06c1246e96fe35941d001424fcd9bdb932d3353ffa8ec');
INSERT INTO public.thoughts VALUES (295, '01a21287-310c-7cd1-b0ad-29c78023efad', 'task-1', 49, 'decision', 'agent-1', '\x726f756e64203439206f66207461736b2d313a20746865206d65726b6c65206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.532Z', 'c15535bd22da1f3bcb6d8f8012301b1e0d77a58e828a6307c0de200a56c7e9f9', '74926d877de86225fc73bb061746042597c75ae2e3f52f9d518f81290e91a9bf');
INSERT INTO public.thoughts VALUES (296, '01a21287-310e-76ab-89d7-99034b871c55', 'task-2', 49, 'reflection', 'agent-2', '\x726f756e64203439206f66207461736b2d323a20746865206b616e6761726f6f206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, 'session-4', NULL, '2026-11-25T11:46:19.534Z', '134b95339138855b30111e2c1226ca92b7b9038d69098f08f574c59aa9e8157b', '08ac8ef00ec782772ca8567c595c945e004b58ea8616188076175a4f68a490ab');
INSERT INTO public.thoughts VALUES (297, '01a21287-3110-704b-8267-acfe458af0eb', 'task-3', 49, 'plan', 'agent-0', '\x726f756e64203439206f66207461736b2d333a2074686520746561706f74206e6f7465207878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.536Z', 'cbd0e027a563c850e2f5feef37da68075a735d7379215d2acd8b8292b4271f04', '9b6ca48e0b463537dea5c62cbe75d5c6d10381b364909d57a314603b578389a0');
INSERT INTO public.thoughts VALUES (298, '01a21287-3112-7905-af4d-0ee147300a0a', 'task-4', 49, 'analysis', 'agent-1', '\x726f756e64203439206f66207461736b2d343a2074686520636f6d70617373206e6f746520787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, '01a21287-2eba-7998-800a-352772bc54a2', '2026-11-25T11:46:19.538Z', '08882b363bac752d83f1b7ea8511991ab10fb034be35a3ea3c15bb3e3a81d378', '5e5745d38a2b3917457c42f4fbc61ec5e75c2646bc60a33a3ae2854f003e77ff');
INSERT INTO public.thoughts VALUES (299, '01a21287-3113-7d72-9879-a1b67c7a5b81', 'task-5', 49, 'decision', 'agent-2', '\x726f756e64203439206f66207461736b2d353a207468652071756f6b6b61206e6f74652078787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878787878', NULL, NULL, NULL, NULL, '2026-11-25T11:46:19.539Z', '84d1cac2bd389640538838ff85a0ac78b0086d9fbe4a22045c04ed97d78eb491', '41b6ef58a3d47af77a75169d6ab41af13eaaa21d4b81425bfe8236d6feb02453');


--
-- Data for Name: thoughts_search; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.thoughts_search VALUES (0, '''0'':2A,5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A');
INSERT INTO public.thoughts_search VALUES (1, '''0'':2A,12B,15B ''1'':5A ''5'':13B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''x'':9A');
INSERT INTO public.thoughts_search VALUES (2, '''0'':2A ''2'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xx'':9A');
INSERT INTO public.thoughts_search VALUES (3, '''0'':2A ''3'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxx'':9A');
INSERT INTO public.thoughts_search VALUES (4, '''0'':2A ''4'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxx'':9A');
INSERT INTO public.thoughts_search VALUES (5, '''0'':2A ''5'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (6, '''0'':5A ''1'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (7, '''1'':2A,5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (8, '''1'':2A ''2'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (9, '''1'':2A ''3'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (10, '''1'':2A ''4'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (11, '''1'':2A ''5'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (12, '''0'':5A ''2'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (13, '''1'':5A ''2'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (14, '''2'':2A,5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (15, '''2'':2A ''3'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (16, '''2'':2A ''4'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (17, '''2'':2A ''5'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (18, '''0'':5A ''3'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (19, '''0'':12B ''1'':5A ''3'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (20, '''2'':5A ''3'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (21, '''3'':2A,5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (22, '''3'':2A ''4'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (23, '''3'':2A ''5'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (24, '''0'':5A ''4'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (25, '''1'':5A ''4'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (26, '''2'':5A ''4'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (27, '''3'':5A ''4'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (28, '''4'':2A,5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (29, '''4'':2A ''5'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (30, '''0'':5A ''5'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (31, '''1'':5A ''5'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (32, '''2'':5A ''5'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (33, '''3'':5A ''5'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (34, '''4'':5A ''5'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (35, '''5'':2A,5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (36, '''0'':5A ''6'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (37, '''0'':12B ''1'':5A ''5'':13B ''6'':2A,15B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (38, '''2'':5A ''6'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (39, '''3'':5A ''6'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (40, '''4'':5A ''6'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (41, '''5'':5A ''6'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (42, '''0'':5A ''7'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (43, '''1'':5A ''7'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (44, '''2'':5A ''7'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (45, '''3'':5A ''7'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (46, '''4'':5A ''7'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (47, '''5'':5A ''7'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (48, '''0'':5A ''8'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (49, '''1'':5A ''8'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (50, '''2'':5A ''8'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A');
INSERT INTO public.thoughts_search VALUES (51, '''3'':5A ''8'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''x'':9A');
INSERT INTO public.thoughts_search VALUES (52, '''4'':5A ''8'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xx'':9A');
INSERT INTO public.thoughts_search VALUES (53, '''5'':5A ''8'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxx'':9A');
INSERT INTO public.thoughts_search VALUES (54, '''0'':5A ''9'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxx'':9A');
INSERT INTO public.thoughts_search VALUES (55, '''0'':12B ''1'':5A ''5'':13B ''9'':2A,15B ''confidence'':11B ''grep'':17B ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''tools'':16B ''xxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (56, '''2'':5A ''9'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (57, '''3'':5A ''9'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (58, '''4'':5A ''9'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (59, '''5'':5A ''9'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (60, '''0'':5A ''10'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (61, '''1'':5A ''10'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (62, '''10'':2A ''2'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (63, '''10'':2A ''3'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (64, '''10'':2A ''4'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (65, '''10'':2A ''5'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (66, '''0'':5A ''11'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (67, '''1'':5A ''11'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (68, '''11'':2A ''2'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (69, '''11'':2A ''3'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (70, '''11'':2A ''4'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (71, '''11'':2A ''5'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (72, '''0'':5A ''12'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (73, '''0'':12B ''1'':5A ''12'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (74, '''12'':2A ''2'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (75, '''12'':2A ''3'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (76, '''12'':2A ''4'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (77, '''12'':2A ''5'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (78, '''0'':5A ''13'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (79, '''1'':5A ''13'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (80, '''13'':2A ''2'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (81, '''13'':2A ''3'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (82, '''13'':2A ''4'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (83, '''13'':2A ''5'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (84, '''0'':5A ''14'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (85, '''1'':5A ''14'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (86, '''14'':2A ''2'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (87, '''14'':2A ''3'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (88, '''14'':2A ''4'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (89, '''14'':2A ''5'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (90, '''0'':5A ''15'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (91, '''0'':12B ''1'':5A ''15'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (92, '''15'':2A ''2'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (93, '''15'':2A ''3'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (94, '''15'':2A ''4'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (95, '''15'':2A ''5'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (96, '''0'':5A ''16'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (97, '''1'':5A ''16'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (98, '''16'':2A ''2'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (99, '''16'':2A ''3'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (100, '''16'':2A ''4'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A');
INSERT INTO public.thoughts_search VALUES (101, '''16'':2A ''5'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''x'':9A');
INSERT INTO public.thoughts_search VALUES (102, '''0'':5A ''17'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xx'':9A');
INSERT INTO public.thoughts_search VALUES (103, '''1'':5A ''17'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxx'':9A');
INSERT INTO public.thoughts_search VALUES (104, '''17'':2A ''2'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxx'':9A');
INSERT INTO public.thoughts_search VALUES (105, '''17'':2A ''3'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (106, '''17'':2A ''4'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (107, '''17'':2A ''5'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (108, '''0'':5A ''18'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (109, '''0'':12B ''1'':5A ''18'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''xxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (110, '''18'':2A ''2'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (111, '''18'':2A ''3'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (112, '''18'':2A ''4'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (113, '''18'':2A ''5'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (114, '''0'':5A ''19'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (115, '''1'':5A ''19'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (116, '''19'':2A ''2'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (117, '''19'':2A ''3'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (118, '''19'':2A ''4'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (119, '''19'':2A ''5'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (120, '''0'':5A ''20'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (121, '''1'':5A ''20'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (122, '''2'':5A ''20'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (123, '''20'':2A ''3'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (124, '''20'':2A ''4'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (125, '''20'':2A ''5'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (126, '''0'':5A ''21'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (127, '''0'':12B ''1'':5A ''21'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (128, '''2'':5A ''21'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (129, '''21'':2A ''3'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (130, '''21'':2A ''4'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (131, '''21'':2A ''5'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (132, '''0'':5A ''22'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (133, '''1'':5A ''22'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (134, '''2'':5A ''22'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (135, '''22'':2A ''3'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (136, '''22'':2A ''4'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (137, '''22'':2A ''5'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (138, '''0'':5A ''23'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (139, '''1'':5A ''23'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (140, '''2'':5A ''23'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (141, '''23'':2A ''3'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (142, '''23'':2A ''4'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (143, '''23'':2A ''5'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (144, '''0'':5A ''24'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (145, '''0'':12B ''1'':5A ''24'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (146, '''2'':5A ''24'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (147, '''24'':2A ''3'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (148, '''24'':2A ''4'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (149, '''24'':2A ''5'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (150, '''0'':5A ''25'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A');
INSERT INTO public.thoughts_search VALUES (151, '''1'':5A ''25'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''x'':9A');
INSERT INTO public.thoughts_search VALUES (152, '''2'':5A ''25'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xx'':9A');
INSERT INTO public.thoughts_search VALUES (153, '''25'':2A ''3'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxx'':9A');
INSERT INTO public.thoughts_search VALUES (154, '''25'':2A ''4'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxx'':9A');
INSERT INTO public.thoughts_search VALUES (155, '''25'':2A ''5'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (156, '''0'':5A ''26'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (157, '''1'':5A ''26'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (158, '''2'':5A ''26'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (159, '''26'':2A ''3'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (160, '''26'':2A ''4'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (161, '''26'':2A ''5'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (162, '''0'':5A ''27'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (163, '''0'':12B ''1'':5A ''27'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (164, '''2'':5A ''27'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (165, '''27'':2A ''3'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (166, '''27'':2A ''4'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (167, '''27'':2A ''5'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (168, '''0'':5A ''28'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (169, '''1'':5A ''28'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (170, '''2'':5A ''28'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (171, '''28'':2A ''3'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (172, '''28'':2A ''4'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (173, '''28'':2A ''5'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (174, '''0'':5A ''29'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (175, '''1'':5A ''29'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (176, '''2'':5A ''29'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (177, '''29'':2A ''3'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (178, '''29'':2A ''4'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (179, '''29'':2A ''5'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (180, '''0'':5A ''30'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (181, '''0'':12B ''1'':5A ''30'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (182, '''2'':5A ''30'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (183, '''3'':5A ''30'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (184, '''30'':2A ''4'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (185, '''30'':2A ''5'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (186, '''0'':5A ''31'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (187, '''1'':5A ''31'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (188, '''2'':5A ''31'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (189, '''3'':5A ''31'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (190, '''31'':2A ''4'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (191, '''31'':2A ''5'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (192, '''0'':5A ''32'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (193, '''1'':5A ''32'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (194, '''2'':5A ''32'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (195, '''3'':5A ''32'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (196, '''32'':2A ''4'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (197, '''32'':2A ''5'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (198, '''0'':5A ''33'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (199, '''0'':12B ''1'':5A ''33'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (200, '''2'':5A ''33'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A');
INSERT INTO public.thoughts_search VALUES (201, '''3'':5A ''33'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''x'':9A');
INSERT INTO public.thoughts_search VALUES (202, '''33'':2A ''4'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xx'':9A');
INSERT INTO public.thoughts_search VALUES (203, '''33'':2A ''5'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxx'':9A');
INSERT INTO public.thoughts_search VALUES (204, '''0'':5A ''34'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxx'':9A');
INSERT INTO public.thoughts_search VALUES (205, '''1'':5A ''34'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (206, '''2'':5A ''34'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (207, '''3'':5A ''34'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (208, '''34'':2A ''4'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (209, '''34'':2A ''5'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (210, '''0'':5A ''35'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (211, '''1'':5A ''35'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (212, '''2'':5A ''35'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (213, '''3'':5A ''35'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (214, '''35'':2A ''4'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (215, '''35'':2A ''5'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (216, '''0'':5A ''36'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (217, '''0'':12B ''1'':5A ''36'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (218, '''2'':5A ''36'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (219, '''3'':5A ''36'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (220, '''36'':2A ''4'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (221, '''36'':2A ''5'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (222, '''0'':5A ''37'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (223, '''1'':5A ''37'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (224, '''2'':5A ''37'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (225, '''3'':5A ''37'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (226, '''37'':2A ''4'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (227, '''37'':2A ''5'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (228, '''0'':5A ''38'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (229, '''1'':5A ''38'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (230, '''2'':5A ''38'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (231, '''3'':5A ''38'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (232, '''38'':2A ''4'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (233, '''38'':2A ''5'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (234, '''0'':5A ''39'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (235, '''0'':12B ''1'':5A ''39'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (236, '''2'':5A ''39'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (237, '''3'':5A ''39'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (238, '''39'':2A ''4'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (239, '''39'':2A ''5'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (240, '''0'':5A ''40'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (241, '''1'':5A ''40'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (242, '''2'':5A ''40'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (243, '''3'':5A ''40'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (244, '''4'':5A ''40'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (245, '''40'':2A ''5'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (246, '''0'':5A ''41'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (247, '''1'':5A ''41'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (248, '''2'':5A ''41'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (249, '''3'':5A ''41'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (250, '''4'':5A ''41'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A');
INSERT INTO public.thoughts_search VALUES (251, '''41'':2A ''5'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''x'':9A');
INSERT INTO public.thoughts_search VALUES (252, '''0'':5A ''42'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xx'':9A');
INSERT INTO public.thoughts_search VALUES (253, '''0'':12B ''1'':5A ''42'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''xxx'':9A');
INSERT INTO public.thoughts_search VALUES (254, '''2'':5A ''42'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxx'':9A');
INSERT INTO public.thoughts_search VALUES (255, '''3'':5A ''42'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (256, '''4'':5A ''42'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (257, '''42'':2A ''5'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (258, '''0'':5A ''43'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (259, '''1'':5A ''43'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (260, '''2'':5A ''43'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (261, '''3'':5A ''43'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (262, '''4'':5A ''43'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (263, '''43'':2A ''5'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (264, '''0'':5A ''44'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (265, '''1'':5A ''44'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (266, '''2'':5A ''44'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (267, '''3'':5A ''44'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (268, '''4'':5A ''44'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (269, '''44'':2A ''5'':5A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (270, '''0'':5A ''45'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (271, '''0'':12B ''1'':5A ''45'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (272, '''2'':5A ''45'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (273, '''3'':5A ''45'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (274, '''4'':5A ''45'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (275, '''45'':2A ''5'':5A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (276, '''0'':5A ''46'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (277, '''1'':5A ''46'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (278, '''2'':5A ''46'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (279, '''3'':5A ''46'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (280, '''4'':5A ''46'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (281, '''46'':2A ''5'':5A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (282, '''0'':5A ''47'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (283, '''1'':5A ''47'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (284, '''2'':5A ''47'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (285, '''3'':5A ''47'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (286, '''4'':5A ''47'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (287, '''47'':2A ''5'':5A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (288, '''0'':5A ''48'':2A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (289, '''0'':12B ''1'':5A ''48'':2A,15B ''5'':13B ''confidence'':11B ''grep'':17B ''ledger'':7A ''n'':14B ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''tools'':16B ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (290, '''2'':5A ''48'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (291, '''3'':5A ''48'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (292, '''4'':5A ''48'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (293, '''48'':2A ''5'':5A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (294, '''0'':5A ''49'':2A ''ledger'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (295, '''1'':5A ''49'':2A ''merkle'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (296, '''2'':5A ''49'':2A ''kangaroo'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (297, '''3'':5A ''49'':2A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''teapot'':7A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (298, '''4'':5A ''49'':2A ''compass'':7A ''note'':8A ''of'':3A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');
INSERT INTO public.thoughts_search VALUES (299, '''49'':2A ''5'':5A ''note'':8A ''of'':3A ''quokka'':7A ''round'':1A ''task'':4A ''the'':6A ''xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'':9A');


--
-- Name: tasks_task_no_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.tasks_task_no_seq', 300, true);


--
-- Name: _sqlx_migrations _sqlx_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public._sqlx_migrations
    ADD CONSTRAINT _sqlx_migrations_pkey PRIMARY KEY (version);


--
-- Name: capability_snapshots capability_snapshots_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.capability_snapshots
    ADD CONSTRAINT capability_snapshots_pkey PRIMARY KEY (hash);


--
-- Name: checkpoints checkpoints_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.checkpoints
    ADD CONSTRAINT checkpoints_pkey PRIMARY KEY (tree_size);


--
-- Name: cosignatures cosignatures_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cosignatures
    ADD CONSTRAINT cosignatures_pkey PRIMARY KEY (tree_size, witness);


--
-- Name: idempotency idempotency_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency
    ADD CONSTRAINT idempotency_pkey PRIMARY KEY (scope, key);


--
-- Name: log_hashes log_hashes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.log_hashes
    ADD CONSTRAINT log_hashes_pkey PRIMARY KEY (idx);


--
-- Name: tasks tasks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_pkey PRIMARY KEY (task_no);


--
-- Name: tasks tasks_task_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tasks
    ADD CONSTRAINT tasks_task_id_key UNIQUE (task_id);


--
-- Name: thoughts thoughts_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.thoughts
    ADD CONSTRAINT thoughts_hash_key UNIQUE (hash);


--
-- Name: thoughts thoughts_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.thoughts
    ADD CONSTRAINT thoughts_id_key UNIQUE (id);


--
-- Name: thoughts thoughts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.thoughts
    ADD CONSTRAINT thoughts_pkey PRIMARY KEY (log_index);


--
-- Name: thoughts thoughts_prev_hash_task_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.thoughts
    ADD CONSTRAINT thoughts_prev_hash_task_id_key UNIQUE (prev_hash, task_id);


--
-- Name: thoughts_search thoughts_search_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.thoughts_search
    ADD CONSTRAINT thoughts_search_pkey PRIMARY KEY (log_index);


--
-- Name: thoughts thoughts_task_id_seq_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.thoughts
    ADD CONSTRAINT thoughts_task_id_seq_key UNIQUE (task_id, seq);


--
-- Name: idempotency_expiry; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idempotency_expiry ON public.idempotency USING btree (expires_at);


--
-- Name: thoughts_by_runtime_hash; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX thoughts_by_runtime_hash ON public.thoughts USING btree ((((capabilities)::jsonb ->> 'runtime_hash'::text)), log_index) WHERE (capabilities IS NOT NULL);


--
-- Name: thoughts_by_session; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX thoughts_by_session ON public.thoughts USING btree (session_id, log_index) WHERE (session_id IS NOT NULL);


--
-- Name: thoughts_by_static_hash; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX thoughts_by_static_hash ON public.thoughts USING btree ((((capabilities)::jsonb ->> 'static_hash'::text)), log_index) WHERE (capabilities IS NOT NULL);


--
-- Name: thoughts_search_doc; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX thoughts_search_doc ON public.thoughts_search USING gin (doc);


--
-- Name: capability_snapshots capability_snapshots_no_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capability_snapshots_no_delete BEFORE DELETE ON public.capability_snapshots FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: capability_snapshots capability_snapshots_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capability_snapshots_no_truncate BEFORE TRUNCATE ON public.capability_snapshots FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: capability_snapshots capability_snapshots_no_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER capability_snapshots_no_update BEFORE UPDATE ON public.capability_snapshots FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: checkpoints checkpoints_no_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER checkpoints_no_delete BEFORE DELETE ON public.checkpoints FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: checkpoints checkpoints_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER checkpoints_no_truncate BEFORE TRUNCATE ON public.checkpoints FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: checkpoints checkpoints_no_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER checkpoints_no_update BEFORE UPDATE ON public.checkpoints FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: cosignatures cosignatures_no_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER cosignatures_no_delete BEFORE DELETE ON public.cosignatures FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: cosignatures cosignatures_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER cosignatures_no_truncate BEFORE TRUNCATE ON public.cosignatures FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: cosignatures cosignatures_no_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER cosignatures_no_update BEFORE UPDATE ON public.cosignatures FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: log_hashes log_hashes_no_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER log_hashes_no_delete BEFORE DELETE ON public.log_hashes FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: log_hashes log_hashes_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER log_hashes_no_truncate BEFORE TRUNCATE ON public.log_hashes FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: log_hashes log_hashes_no_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER log_hashes_no_update BEFORE UPDATE ON public.log_hashes FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: thoughts thoughts_advance_task_head; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER thoughts_advance_task_head AFTER INSERT ON public.thoughts REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION public.thoughts_move_heads();


--
-- Name: thoughts thoughts_link_dense_parent; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER thoughts_link_dense_parent BEFORE INSERT ON public.thoughts FOR EACH ROW EXECUTE FUNCTION public.thoughts_check_insert();


--
-- Name: thoughts thoughts_no_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER thoughts_no_delete BEFORE DELETE ON public.thoughts FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: thoughts thoughts_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER thoughts_no_truncate BEFORE TRUNCATE ON public.thoughts FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: thoughts thoughts_no_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER thoughts_no_update BEFORE UPDATE ON public.thoughts FOR EACH ROW EXECUTE FUNCTION public.refuse_rewrite();


--
-- Name: idempotency idempotency_record_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency
    ADD CONSTRAINT idempotency_record_id_fkey FOREIGN KEY (record_id) REFERENCES public.thoughts(id);


--
-- Name: thoughts_search thoughts_search_log_index_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.thoughts_search
    ADD CONSTRAINT thoughts_search_log_index_fkey FOREIGN KEY (log_index) REFERENCES public.thoughts(log_index);


--
-- PostgreSQL database dump complete
--

\unrestrict NF7hZeSmDGaJAJcBOOvpwE4cDv5ewNm1g4KJW4qfAjpKlXfRBDBpeJkfdaT8fgC

