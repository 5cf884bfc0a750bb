//! Links the app with libarmchair-gtk3-1 (and, through its pkg-config file, libarmchair-1 and
//! GTK 3), found by pkg-config: set PKG_CONFIG_PATH=<prefix>/lib/pkgconfig for a prefix that
//! pkg-config does not search by itself.

fn main() {
    if let Err(error) = pkg_config::Config::new()
        .atleast_version("1.0")
        .probe("armchair-gtk3-1")
    {
        eprintln!("armchair-gtk3-1 was not found by pkg-config; is PKG_CONFIG_PATH set?\n{error}");
        std::process::exit(1);
    }
}
