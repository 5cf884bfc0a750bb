"""The state file an app keeps (XDG_STATE_HOME/<app-id>/armchair.ini), written and read as the
library writes and reads it: a regular user's state seeded before a launch, and each answer read
back after it."""
import datetime
import os


def regular_user_state(days, uses, significant_events):
    """The state values (without their key prefix) of a regular user of version 1.0: first use
    `days` days ago, `uses` uses and `significant_events` significant events."""
    first_use = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=days)
    return {"tracked-version": "1.0", "first-use-date": first_use.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "use-count": str(uses), "significant-event-count": str(significant_events)}


def write_state(state_home, app_id, values):
    """Writes `values` (without their key prefix) as the state file of `app_id` under
    `state_home`, laid out as the library writes it: what state_values reads back."""
    os.makedirs(os.path.join(state_home, app_id), exist_ok=True)
    with open(os.path.join(state_home, app_id, "armchair.ini"), "w") as f:
        f.write("[State]\n" + "".join(f"{app_id}.{key}={value}\n" for key, value in values.items()))
        f.write("\n[Format]\nversion=1\n")


def state_values(state_home, app_id):
    """The values of the state file of `app_id` under `state_home`, without their key prefix."""
    path = os.path.join(state_home, app_id, "armchair.ini")
    values = {}
    if os.path.exists(path):
        for line in open(path):
            if "=" in line and line.startswith(app_id + "."):
                key, value = line.rstrip("\n").split("=", 1)
                values[key[len(app_id) + 1:]] = value
    return values
