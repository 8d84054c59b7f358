# The project's small test VM, sourced by the scripts that run tests against real kernel drivers
# this machine's own kernel does not have (scripts/test-gpio-sim.sh, scripts/test-camera-vm.sh).
#
# It boots Debian's own kernel (linux-image-amd64) under QEMU with an initramfs that holds only a
# static busybox, the kernel modules the tests need and an init script. The init script loads the
# modules, mounts this machine's root folder read-only over 9p (virtio) and a work folder of the
# caller's read-write at the same path, and runs one shell script in a chroot into that root: the
# tests see the same programs and libraries as on this machine, with the VM's own kernel, /dev, /sys
# and /proc, and an empty /tmp. It prints a marker line with the script's exit code and powers off.
#
# A module Debian builds without (gpio-sim, vimc) is built here, once per kernel, as an out-of-tree
# module against linux-headers-amd64 from the matching linux-source-6.1 (vm_module_from_source).
#
# The caller sets vm_name (the prefix of messages) and vm_work (a folder of its own), then calls:
#   vm_pick_kernel                      the newest kernel with its image and headers installed
#   vm_module_from_source NAME FILE...  extracts FILEs of linux-source into $vm_module_src (the
#                                       caller then writes a Kbuild there and calls vm_make_module)
#   vm_add_module FILE|NAME [PARAMS]    a module to load, after the ones it depends on
#   vm_run SCRIPT                       runs SCRIPT (a file) in the VM; sets vm_status to its exit
#                                       code and vm_console to the file holding the console's text
#   vm_boot_system ROOT                 boots a Debian root folder with its own systemd instead (the
#                                       package's install test); the same results
# Optional: vm_cpus (default 1), vm_default_timeout (default 120).
# Environment: TESSERA_VM_TIMEOUT (seconds the VM may run), TESSERA_VM_KVM=0 (never try KVM),
# TESSERA_VM_MEMORY (MB, default 1024), TESSERA_VM_CPU (QEMU's -cpu under TCG, default max).
#
# Everything comes from Debian packages (scripts/setup-vm.sh installs them). Nothing is downloaded.

vm_say() { echo "$vm_name: $*"; }
vm_die() { echo "$vm_name: $*" >&2; exit 1; }

vm_require_tools() {
  local tool
  for tool in qemu-system-x86_64 cpio make modinfo xz; do
    command -v "$tool" >/dev/null || vm_die "$tool is missing (run scripts/setup-vm.sh)"
  done
  { [ -x /bin/busybox ] && ! ldd /bin/busybox >/dev/null 2>&1; } ||
    vm_die "/bin/busybox is not a static busybox (install busybox-static: scripts/setup-vm.sh)"
}

vm_pick_kernel() {
  vm_require_tools
  local image version
  vm_kernel=""
  for image in $(ls /boot/vmlinuz-* 2>/dev/null | sort -V -r); do
    version="${image#/boot/vmlinuz-}"
    if [ -d "/lib/modules/$version/build" ] && [ -d "/lib/modules/$version/kernel" ]; then vm_kernel="$version"; break; fi
  done
  [ -n "$vm_kernel" ] ||
    vm_die "no kernel with headers in /boot and /lib/modules (install linux-image-amd64 and linux-headers-amd64: scripts/setup-vm.sh)"
  [ -r "/boot/vmlinuz-$vm_kernel" ] || vm_die "/boot/vmlinuz-$vm_kernel is not readable"
  vm_kernel_config="/boot/config-$vm_kernel"
  vm_modules=()
  vm_module_params=()
  vm_say "kernel $vm_kernel"
}

# The value of CONFIG_NAME in the kernel's configuration: y, m or nothing.
vm_config_value() { sed -n "s/^CONFIG_$1=//p" "$vm_kernel_config"; }

# Extracts FILEs (paths inside the kernel source) into $vm_work/module-KERNEL/NAME/src, which it
# empties first, and sets vm_module_src to that folder. A module reaches into the kernel's own
# structures, so the source must be the kernel's exact Debian version.
vm_module_from_source() {
  local name="$1"; shift
  local major_minor tarball image_version source_version top file
  major_minor="$(echo "$vm_kernel" | cut -d. -f1-2)"
  tarball="/usr/src/linux-source-$major_minor.tar.xz"
  [ -r "$tarball" ] || vm_die "$tarball is missing (install linux-source-$major_minor: scripts/setup-vm.sh)"
  image_version="$(dpkg-query -W -f='${Version}' "linux-image-$vm_kernel" 2>/dev/null ||
    dpkg-query -W -f='${Version}' "linux-image-$vm_kernel-unsigned" 2>/dev/null || true)"
  source_version="$(dpkg-query -W -f='${Version}' "linux-source-$major_minor" 2>/dev/null || true)"
  [ -n "$image_version" ] && [ "$image_version" = "$source_version" ] ||
    vm_die "linux-source-$major_minor ($source_version) does not match linux-image-$vm_kernel ($image_version)"
  vm_say "building $name.ko for $vm_kernel from linux-source-$major_minor $source_version"
  vm_module_src="$vm_work/module-$vm_kernel/$name/src"
  rm -rf "$vm_module_src" && mkdir -p "$vm_module_src"
  top="linux-source-$major_minor"
  local paths=()
  for file in "$@"; do paths+=("$top/$file"); done
  tar -xJf "$tarball" -C "$vm_module_src" --strip-components=1 --wildcards "${paths[@]}"
}

# Builds the module NAME from the Kbuild file in $vm_module_src; prints the .ko's path.
vm_make_module() {
  local name="$1" log="$vm_module_src/../build.log"
  make -s -C "/lib/modules/$vm_kernel/build" M="$vm_module_src" -j"$(nproc)" modules >"$log" 2>&1 ||
    { cat "$log" >&2; vm_die "building $name.ko failed"; }
  cp "$vm_module_src/$name.ko" "$vm_work/module-$vm_kernel/$name/$name.ko"
  echo "$vm_work/module-$vm_kernel/$name/$name.ko"
}

# The cached module NAME built by vm_make_module, or nothing.
vm_built_module() {
  local file="$vm_work/module-$vm_kernel/$1/$1.ko"
  if [ -s "$file" ]; then echo "$file"; fi
}

# A module to load (a file, or a name in the kernel's module tree), its dependencies first; PARAMS
# are given to insmod.
vm_add_module() {
  local module="$1" params="${2:-}" dependency found present
  case "$module" in
    /*) ;;
    *)
      found="$(modinfo -k "$vm_kernel" -F filename "$module")" || vm_die "module $module not found for $vm_kernel"
      [ "$found" = "(builtin)" ] && return 0
      module="$found"
      ;;
  esac
  for dependency in $(modinfo -F depends "$module" | tr ',' ' '); do vm_add_module "$dependency"; done
  for present in "${vm_modules[@]+"${vm_modules[@]}"}"; do [ "$present" = "$module" ] && return 0; done
  vm_modules+=("$module")
  vm_module_params+=("$params")
}

# The modules every run needs: virtio and 9p, for this machine's root folder.
vm_add_root_share_modules() {
  local module
  for module in virtio_pci 9pnet_virtio 9p; do vm_add_module "$module"; done
}

# Writes $vm_work/initramfs.cpio: busybox, the modules and an /init that mounts proc, sysfs and
# devtmpfs, loads the modules, then runs the shell text INIT_TAIL.
vm_make_initramfs() {
  local init_tail="$1" root load_lines="" index=0 module name
  vm_add_root_share_modules
  root="$vm_work/initramfs-root"
  rm -rf "$root"
  mkdir -p "$root"/{bin,dev,proc,sys,host,modules}
  cp /bin/busybox "$root/bin/busybox"
  for module in "${vm_modules[@]}"; do
    name="$(printf '%02d-%s' "$index" "$(basename "$module")")"
    case "$module" in
      *.ko.xz) xz -dc "$module" >"$root/modules/${name%.xz}"; name="${name%.xz}" ;;
      *.ko.zst) zstd -qdc "$module" >"$root/modules/${name%.zst}"; name="${name%.zst}" ;;
      *.ko.gz) gzip -dc "$module" >"$root/modules/${name%.gz}"; name="${name%.gz}" ;;
      *) cp "$module" "$root/modules/$name" ;;
    esac
    load_lines+="insmod /modules/$name ${vm_module_params[$index]} || echo 'init: insmod $name failed'"$'\n'
    index=$((index + 1))
  done
  {
    printf '#!/bin/busybox sh\n/bin/busybox --install -s /bin\nexport PATH=/bin\n'
    printf 'mount -t proc proc /proc\nmount -t sysfs sysfs /sys\nmount -t devtmpfs devtmpfs /dev\n'
    printf '%s' "$load_lines"
    printf '%s\n' "$init_tail"
  } >"$root/init"
  chmod +x "$root/init"
  (cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) >"$vm_work/initramfs.cpio"
}

# Runs the shell script SCRIPT (a file) in the VM, in a chroot into this machine's root folder.
vm_run() {
  local script="$1" share project
  [ -r "$script" ] || vm_die "no script $script"
  mkdir -p "$vm_work/share"
  share="$(realpath "$vm_work/share")"
  # The project's tree, shared again at its own path: under /tmp or /run (a clone CI made there) the
  # VM's own tmpfs would hide it.
  project="$(pwd -P)"
  cp "$script" "$share/vm-script.sh"
  vm_make_initramfs "
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 hostroot /host || echo 'init: no root share'
mount -t proc proc /host/proc
mount -t sysfs sysfs /host/sys
mount -t devtmpfs devtmpfs /host/dev
mkdir -p /host/dev/shm /host/dev/pts
mount -t tmpfs tmpfs /host/dev/shm
mount -t tmpfs tmpfs /host/tmp
mount -t tmpfs tmpfs /host/run
mkdir -p /host$project
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 project /host$project || echo 'init: no project share'
mkdir -p /host$share
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 share /host$share || echo 'init: no work share'
grep -q configfs /proc/filesystems && mount -t configfs configfs /host/sys/kernel/config
echo
echo \"TESSERA-VM-START kernel \$(uname -r)\"
chroot /host /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp TMPDIR=/tmp SYSTEMD_IGNORE_CHROOT=1 VM_SHARE=$share \\
  /bin/sh -c 'cd \"\$VM_SHARE\" && sh ./vm-script.sh'
echo \"TESSERA-VM-EXIT=\$?\"
poweroff -f"
  vm_boot -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap" \
    -virtfs "local,path=$project,mount_tag=project,security_model=none,readonly=on,multidevs=remap" \
    -virtfs "local,path=$share,mount_tag=share,security_model=none,multidevs=remap"
}

# Boots the Debian root folder ROOT (read-write, over 9p) with its own init, systemd. Something in it
# must print TESSERA-VM-START and then TESSERA-VM-EXIT=CODE on the console, and power off.
vm_boot_system() {
  local system
  system="$(realpath "$1")"
  vm_make_initramfs "
mkdir -p /newroot
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 hostroot /newroot || echo 'init: no root share'
umount /proc /sys /dev
exec switch_root /newroot /lib/systemd/systemd"
  vm_boot -virtfs "local,path=$system,mount_tag=hostroot,security_model=passthrough,multidevs=remap"
}

# Boots the VM with the initramfs and the given QEMU options (its shares), waits for it to power off
# (or time out), and reads the exit code the script printed on the console into vm_status.
vm_boot() {
  local marker="TESSERA-VM-EXIT" shares=("$@")
  local timeout="${TESSERA_VM_TIMEOUT:-${vm_default_timeout:-120}}"
  local log="$vm_work/console.log" kvm_usable=0 booted=0
  vm_qemu_status=0
  vm_start() {  # deadline (s, 0: none) then accelerator options; 125 if the script did not start by then
    local deadline="$1"; shift
    : >"$log"
    timeout "$timeout" qemu-system-x86_64 "$@" -m "${TESSERA_VM_MEMORY:-1024}" -smp "${vm_cpus:-1}" -nographic -no-reboot \
      -kernel "/boot/vmlinuz-$vm_kernel" -initrd "$vm_work/initramfs.cpio" -append "console=ttyS0 quiet panic=-1 rw" \
      "${shares[@]}" </dev/null >"$log" 2>&1 &
    local pid=$! waited=0
    if [ "$deadline" -gt 0 ]; then
      until grep -q 'TESSERA-VM-START' "$log" || ! kill -0 "$pid" 2>/dev/null; do
        if [ "$waited" -ge $((deadline * 10)) ]; then
          kill "$pid" 2>/dev/null || true
          wait "$pid" 2>/dev/null || true
          return 125
        fi
        sleep 0.1
        waited=$((waited + 1))
      done
      if ! grep -q 'TESSERA-VM-START' "$log"; then
        wait "$pid" 2>/dev/null || true
        return 125
      fi
    fi
    vm_qemu_status=0
    wait "$pid" || vm_qemu_status=$?
  }
  if [ "${TESSERA_VM_KVM:-1}" = 1 ] && [ -c /dev/kvm ] && (exec 3<>/dev/kvm) 2>/dev/null; then kvm_usable=1; fi
  if [ "$kvm_usable" = 1 ]; then
    vm_say "booting vmlinuz-$vm_kernel under KVM (timeout ${timeout}s)"
    if vm_start 10 -enable-kvm; then
      booted=1
    else
      vm_say "KVM did not reach the script in 10 s (nested virtualisation?): falling back to TCG"
    fi
  fi
  if [ "$booted" = 0 ]; then
    vm_say "booting vmlinuz-$vm_kernel under TCG (timeout ${timeout}s)"
    vm_start 0 -accel tcg -cpu "${TESSERA_VM_CPU:-max}" || true
  fi
  vm_console="$log.txt"
  tr -d '\r' <"$log" >"$vm_console"
  if ! grep -q 'TESSERA-VM-START' "$vm_console"; then
    cat "$vm_console"
    vm_die "the VM never reached the script (qemu exit status $vm_qemu_status; console log above, $vm_console)"
  fi
  local exit_line
  exit_line="$(grep -E "^$marker=[0-9]+$" "$vm_console" | tail -1 || true)"
  if [ -z "$exit_line" ]; then
    sed -n '/TESSERA-VM-START/,$p' "$vm_console"
    [ "$vm_qemu_status" = 124 ] && vm_die "the VM timed out after ${timeout}s before the script finished"
    vm_die "no '$marker' line: the script did not finish (qemu exit status $vm_qemu_status)"
  fi
  vm_status="${exit_line#"$marker="}"
}
